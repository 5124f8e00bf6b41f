// Every contact a visitor makes is kept as a lead before anything else happens: the contact and
// free-diagnostic forms (all fields, the page, the visit's attribution) and chat conversations
// (a lead at the visitor's first message, then the whole transcript). What is kept, why and for
// how long is in docs/leads.md and the privacy policy.
//
// Storing never stands in the visitor's way: a failure is logged as an error (without the
// person's data) and the visitor's WhatsApp message or chat answer goes on as if nothing happened.
// A flood from one address cannot fill the database: each address stores at most
// LEADS_PER_ADDRESS_PER_HOUR new leads an hour; the excess still reaches WhatsApp (or the chat's
// answer), it is only not stored, and that is logged once per address and hour.
import type { RouterContextProvider } from "react-router";
import { countedPath, visitCredit } from "~/lib/analytics/counter.server";
import { db } from "~/lib/db.server";
import { hit } from "~/lib/rate-limit.server";
import { requestInfo } from "~/lib/request-info.server";
import { defaultSiteSettings } from "~/lib/site-settings";
import { saveSiteSettings } from "~/lib/site-settings.server";
import { errorFields, log } from "../logger.server.ts";
import { LEAD_LIMITS, type LeadKind } from "./leads";
import { notifyHeldMessage, notifyNewLead } from "./notify.server";

/** New leads one address may store per hour: far above a person's, far below a flood's. */
export const LEADS_PER_ADDRESS_PER_HOUR = 30;
const HOUR_MS = 60 * 60 * 1000;

/** Whether the panel keeps contacts ("Guardar contatos no painel" in Configurações; on by default). */
export async function leadStorageOn(): Promise<boolean> {
  const row = await db.siteSettings.findUnique({ where: { id: 1 }, select: { storeLeads: true } });
  return row?.storeLeads ?? true;
}

export interface LeadRequest {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

interface Attribution {
  page: string;
  source: string;
  medium: string;
  campaign: string;
}

/**
 * The visit's attribution as the insights count it (no cookie: the visit this address and user
 * agent came in by today), and the page the contact was made on.
 */
async function attributionOf({ request, context }: LeadRequest, page: string): Promise<Attribution> {
  const userAgent = request.headers.get("user-agent") ?? "";
  const credit = userAgent ? await visitCredit({ address: requestInfo(context).ip, userAgent }) : null;
  // The campaign key is `utm_source/utm_medium/utm_campaign`; the medium is its middle part.
  const campaign = credit?.campaign ?? "";
  return { page: pathOf(page), source: credit?.source ?? "", medium: campaign.split("/")[1] ?? "", campaign };
}

/** A page path as kept with a lead: the counted spelling of a same-site path, or "". */
function pathOf(page: string): string {
  if (!page.startsWith("/") || page.startsWith("//")) return "";
  return countedPath(page.split(/[?#]/, 1)[0]!).slice(0, LEAD_LIMITS.page);
}

/** The page of a request's Referer when it is this site's, or "". */
export function refererPage(request: Request): string {
  const referer = request.headers.get("referer");
  const url = referer ? URL.parse(referer) : null;
  return url && url.host === new URL(request.url).host ? url.pathname : "";
}

/** Whether this address may store one more lead this hour (logs once when it first may not). */
async function underHourlyCap({ context }: LeadRequest): Promise<boolean> {
  const { ip } = requestInfo(context);
  const limit = await hit(`leads:ip:${ip}`, LEADS_PER_ADDRESS_PER_HOUR, HOUR_MS);
  if (limit.count === LEADS_PER_ADDRESS_PER_HOUR + 1) {
    log("warn", "leads: an address passed its hourly limit; its further contacts this hour go to WhatsApp but are not stored", {
      limit: LEADS_PER_ADDRESS_PER_HOUR,
    });
  }
  return limit.allowed;
}

function failed(what: string, error: unknown) {
  // The error's own fields only: the person's data stays out of the log.
  log("error", `leads: ${what} could not be stored`, errorFields(error));
}

/** The lower-case text the inbox's search reads (names, e-mails, phone digits, messages). */
export function searchTextOf(...parts: string[]): string {
  const text = parts
    .filter(Boolean)
    .map((part) => part.toLowerCase())
    .join(" ");
  const digits = parts.map((part) => (/^[\d\s()+-]{8,}$/.test(part) ? part.replace(/\D/g, "") : "")).filter(Boolean);
  return [text, ...digits].join(" ").slice(0, LEAD_LIMITS.searchText);
}

export interface FormLeadValues {
  name: string;
  email?: string;
  phone?: string;
  company?: string;
  message?: string;
  revenue?: string;
}

/**
 * Stores a form's contact (already validated). Never throws: returns whether it was stored
 * (false when storing is off, past the hourly cap, or on a failure, which is logged).
 */
export async function storeFormLead(kind: Exclude<LeadKind, "chat">, values: FormLeadValues, from: LeadRequest & { page: string }): Promise<boolean> {
  try {
    if (!(await leadStorageOn())) return false;
    if (!(await underHourlyCap(from))) return false;
    const attribution = await attributionOf(from, from.page);
    const fields = {
      name: clip(values.name, LEAD_LIMITS.name),
      email: clip(values.email ?? "", LEAD_LIMITS.email),
      phone: clip(values.phone ?? "", LEAD_LIMITS.phone),
      company: clip(values.company ?? "", LEAD_LIMITS.company),
      message: clip(values.message ?? "", LEAD_LIMITS.message),
      revenue: clip(values.revenue ?? "", 40),
    };
    const lead = await db.lead.create({
      data: { kind, ...fields, ...attribution, searchText: searchTextOf(fields.name, fields.email, fields.phone, fields.company, fields.message) },
      select: { id: true },
    });
    void notifyNewLead(lead.id);
    return true;
  } catch (error) {
    failed("a form's contact", error);
    return false;
  }
}

/**
 * A chat visitor's message, kept in the conversation's lead (created with this first message).
 * Returns the lead, or null when nothing was stored (storing off, past the cap, a failure).
 */
export async function storeChatMessage(
  sessionId: string,
  message: string,
  from: LeadRequest,
  at: Date = new Date(),
): Promise<{ id: string; heldById: string | null } | null> {
  try {
    if (!(await leadStorageOn())) return null;
    let lead = await db.lead.findUnique({ where: { chatSessionId: sessionId }, select: { id: true, heldById: true, searchText: true } });
    const isNew = !lead;
    if (!lead) {
      if (!(await underHourlyCap(from))) return null;
      const attribution = await attributionOf(from, refererPage(from.request));
      const first = clip(message, LEAD_LIMITS.message);
      // Two first messages of one session at once: the unique session id keeps one lead.
      lead = await db.lead.upsert({
        where: { chatSessionId: sessionId },
        create: { kind: "chat", chatSessionId: sessionId, message: first, ...attribution, searchText: searchTextOf(first), createdAt: at },
        update: {},
        select: { id: true, heldById: true, searchText: true },
      });
    } else if (lead.searchText.length < LEAD_LIMITS.searchText) {
      await db.lead.update({ where: { id: lead.id }, data: { searchText: `${lead.searchText} ${message.toLowerCase()}`.slice(0, LEAD_LIMITS.searchText) } });
    }
    await db.leadMessage.create({ data: { leadId: lead.id, role: "user", content: message, createdAt: at } });
    if (isNew) void notifyNewLead(lead.id);
    else if (lead.heldById) void notifyHeldMessage(lead.id);
    return { id: lead.id, heldById: lead.heldById };
  } catch (error) {
    failed("a chat message", error);
    return null;
  }
}

/** The assistant's answer (or the chat's error text, marked as such) in a chat lead's transcript. */
export async function storeChatAnswer(leadId: string, content: string, error: boolean): Promise<void> {
  try {
    await db.leadMessage.create({ data: { leadId, role: "assistant", content, error } });
  } catch (cause) {
    failed("a chat answer", cause);
  }
}

function clip(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) : text;
}

/** Turns storing on or off ("Guardar contatos no painel"); the settings row is created with the defaults if missing. */
export async function setLeadStorage(on: boolean): Promise<void> {
  if (!(await db.siteSettings.findUnique({ where: { id: 1 }, select: { id: true } }))) await saveSiteSettings(defaultSiteSettings);
  await db.siteSettings.update({ where: { id: 1 }, data: { storeLeads: on } });
}
