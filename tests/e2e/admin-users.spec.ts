import { expect, test } from "./support/test.ts";
import { createConfirmedAccount, signedInAsAdmin, uniqueEmail } from "./support/accounts.ts";

test("the admin finds a user, changes their type, deletes another, and the audit log shows both", async ({
  page,
  request,
}) => {
  const suffix = Date.now().toString(36);
  const kept = { email: uniqueEmail("kept"), name: `Ngozi Eze ${suffix}`, role: "user" };
  const gone = { email: uniqueEmail("gone"), name: `Tunde Bakare ${suffix}`, role: "agent" };
  // Made in their own cookie context, so the page stays the administrator's.
  await createConfirmedAccount(request, kept);
  await createConfirmedAccount(request, gone);

  await signedInAsAdmin(page);
  await page.goto("/dashboard/user-management");
  await page.getByRole("searchbox", { name: "Search users" }).fill("ngozi eze");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]q=ngozi\+eze/);
  const keptRow = page.getByRole("row").filter({ hasText: kept.email });
  await expect(keptRow).toContainText("Regular User");

  await keptRow.getByRole("button", { name: `Edit ${kept.name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit user" });
  await expect(edit.getByLabel("Full name")).toHaveValue(kept.name);
  await edit.getByLabel("Account type").selectOption("agent");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText(`${kept.name} has been updated.`)).toBeVisible();
  await expect(keptRow).toContainText("Agent");

  await page.getByRole("searchbox", { name: "Search users" }).fill(gone.email);
  await page.getByRole("button", { name: "Search" }).click();
  const goneRow = page.getByRole("row").filter({ hasText: gone.email });
  await goneRow.getByRole("button", { name: `Delete ${gone.name}` }).click();
  const confirm = page.getByRole("alertdialog", {
    name: "Are you sure you want to delete this user?",
  });
  await expect(confirm).toContainText(gone.email);
  // Cancel first: nothing happens.
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(goneRow).toBeVisible();
  await goneRow.getByRole("button", { name: `Delete ${gone.name}` }).click();
  await confirm.getByRole("button", { name: "Delete User" }).click();
  await expect(page.getByText(`${gone.email} has been deleted.`)).toBeVisible();
  await expect(page.getByText(`No users match “${gone.email}”.`)).toBeVisible();

  await page
    .getByRole("navigation", { name: "Dashboard sections" })
    .getByRole("link", { name: "Audit Log" })
    .click();
  await expect(page.getByRole("heading", { name: "Audit Log" })).toBeVisible();
  const rows = page.getByRole("row");
  const deleted = rows.filter({ hasText: "Deleted a user" }).filter({ hasText: gone.email });
  const edited = rows.filter({ hasText: "Edited a user" }).filter({ hasText: kept.email });
  await expect(deleted).toBeVisible();
  await expect(edited).toContainText("Account type: Regular User → Agent");
  // Newest first: the deletion is above the edit.
  const order = await rows.allTextContents();
  const at = (text: string) => order.findIndex((row) => row.includes(text));
  expect(at(gone.email)).toBeLessThan(at(kept.email));

  await page.getByLabel("Action").selectOption("user.delete");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=user\.delete/);
  await expect(deleted).toBeVisible();
  await expect(rows.filter({ hasText: "Edited a user" })).toHaveCount(0);
});
