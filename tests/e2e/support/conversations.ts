import { expect, type Browser, type Page } from "@playwright/test";
import { signedInAs } from "./accounts.ts";
import { E2E } from "./e2e-env.ts";
import { publishApproved } from "./listings.ts";

/**
 * A conversation the signed-in `person` started about a new agent's listing, and the agent's
 * answers to it (unread by the person), all over the API in contexts of their own, as a fixture.
 */
export async function answeredConversation(
  browser: Browser,
  person: Page,
  { run, answers }: { run: string; answers: string[] },
): Promise<{ agentName: string; conversationId: number }> {
  const agentContext = await browser.newContext({ baseURL: E2E.baseUrl });
  const agent = await agentContext.newPage();
  const agentName = `Yaw Agent ${run}`;
  await signedInAs(agent, "agent", agentName);
  const listingId = await publishApproved(browser, agent, {
    title: `Ring Road Flat ${run}`,
    category: "real-estate",
    listingType: "rent",
    propertyType: "apartment",
    price: "500",
    priceType: "per_month",
    countryCode: "GH",
    city: "Accra",
    address: "4 Ring Road",
    description: "A bright flat near the market, water and power all day.",
    bedrooms: 1,
    amenities: [],
    tourTypes: [],
    serviceHighlights: [],
    images: [],
    contactMethod: "email",
  });
  const started = await person.request.post(`/api/v1/listings/${listingId}/conversations`, {
    data: { body: "Hello, is the flat free from May?" },
  });
  expect(started.status()).toBe(201);
  const { conversationId } = (await started.json()) as { conversationId: number };
  for (const body of answers) {
    const answered = await agent.request.post(`/api/v1/conversations/${conversationId}/messages`, {
      data: { body },
    });
    expect(answered.status()).toBeLessThan(300);
  }
  await agentContext.close();
  return { agentName, conversationId };
}
