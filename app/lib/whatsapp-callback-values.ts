/**
 * The call-back form's field names and sizes, apart from their zod schema
 * (schemas/whatsapp-callback.ts), so the listing page's form ships without zod.
 */

export const CALLBACK_FIELD = { name: "name", phone: "phone", consent: "consent" } as const;

export const CALLBACK_NAME_MAX = 100;
