import path from "node:path";
import { readSandboxSms } from "../../app/services/verification/sms/sandbox.server.ts";
import { signedInAs } from "./support/accounts.ts";
import { E2E } from "./support/e2e-env.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { shootWidths } from "./support/screens.ts";
import { expect, failedRequest, test } from "./support/test.ts";

/** The server's SMS sandbox (SMS_PROVIDER=sandbox, tests/e2e/support/start-server.ts). */
const SMS_DIR = path.resolve(`data/e2e-${E2E.port}/sms`);

async function codeSentTo(phone: string): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const text = (await readSandboxSms(SMS_DIR)).find((m) => m.to === phone)?.body ?? "";
    code = /\b(\d{6})\b/.exec(text)?.[1];
    expect(code, `a code to ${phone}`).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return code!;
}

test("a person verifies their phone with the code from the SMS sandbox", async ({
  page,
  pageErrors,
}) => {
  // The wrong code below is refused with a 400.
  pageErrors.allow(failedRequest("/dashboard/profile/verification.data", 400));
  await signedInAs(page, "user", "Amina Odhiambo");
  await gotoHydrated(page, "/dashboard/profile");
  await page.getByRole("link", { name: /^Verification/ }).click();
  await expect(page).toHaveURL("/dashboard/profile/verification");
  await expect(page.getByRole("heading", { name: "Verification", level: 2 })).toBeVisible();
  // The page belongs to the Profile tab.
  const tabs = page.getByRole("navigation", { name: "Dashboard sections" });
  await expect(tabs.getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");

  const email = page.getByRole("region", { name: "E-mail" });
  await expect(email.getByText("Verified", { exact: true })).toBeVisible();
  const phone = page.getByRole("region", { name: "Phone" });
  await expect(phone.getByText("Not verified", { exact: true })).toBeVisible();

  // A local number without its country cannot be read.
  await phone.getByLabel("Mobile number").fill("0712 345 678");
  await phone.getByRole("button", { name: "Send code" }).click();
  await expect(phone.getByText(/Enter the number with its country code/)).toBeVisible();
  pageErrors.allow(failedRequest("/dashboard/profile/verification.data", 400));

  await phone.getByLabel("Country of the number").selectOption({ label: "Kenya" });
  await phone.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByRole("status").first()).toContainText("Code sent");
  await expect(phone.getByText("Code sent", { exact: true })).toBeVisible();
  await expect(phone.getByText(/We sent a code to \+254712345678/)).toBeVisible();
  const code = await codeSentTo("+254712345678");

  await shootWidths(page, "verification-code-sent", [390, 1366]);

  const wrong = code === "000000" ? "111111" : "000000";
  await phone.getByLabel("6-digit code").fill(wrong);
  await phone.getByRole("button", { name: "Verify" }).click();
  await expect(phone.getByText("That code is not right. Attempts left: 4.")).toBeVisible();

  await phone.getByLabel("6-digit code").fill(code);
  await phone.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("status").first()).toContainText("Phone verified");
  await expect(phone.getByText("Verified", { exact: true })).toBeVisible();
  await expect(phone.getByText("+254712345678 is verified.")).toBeVisible();

  await shootWidths(page, "verification-verified", [390, 1366]);

  // The verified number is now the profile's phone.
  await gotoHydrated(page, "/dashboard/profile");
  await expect(page.getByLabel("Phone Number")).toHaveValue("+254712345678");
});
