// The list itself, without zod, so a page that only names a state (the winners' cards) does not
// load the schema library (issue 29); india-states.ts re-exports it with the supply-state schemas.
/**
 * India's states and union territories, once: the GST state code (the first two digits of a
 * GSTIN, as the GST Network lists them), the ISO 3166-2 code the location check answers with, and
 * the names in English and Hindi. The tax invoice and credit note print the place of supply from
 * here; the player's recorded state (asked at the first purchase) is one of these GST codes; the
 * location check (server/geo) names the state it finds by its ISO code from here; the prize claim
 * lists the English names (results/claims.ts).
 *
 * Codes no longer given out are left out: 25 (Daman and Diu) merged into 26 in 2020, 28 (the
 * Andhra Pradesh of before 2014) became 37. 97 (Other Territory) and 99 (Centre Jurisdiction) are
 * not a player's state.
 */
export interface IndiaState {
  /** GST state code, two digits: '27'. */
  gst: string;
  /** ISO 3166-2: 'IN-MH' (as server/geo/india-states.json names the boundaries). */
  iso: string;
  nameEn: string;
  nameHi: string;
}

export const INDIA_STATES = [
  { gst: '01', iso: 'IN-JK', nameEn: 'Jammu and Kashmir', nameHi: 'जम्मू और कश्मीर' },
  { gst: '02', iso: 'IN-HP', nameEn: 'Himachal Pradesh', nameHi: 'हिमाचल प्रदेश' },
  { gst: '03', iso: 'IN-PB', nameEn: 'Punjab', nameHi: 'पंजाब' },
  { gst: '04', iso: 'IN-CH', nameEn: 'Chandigarh', nameHi: 'चंडीगढ़' },
  { gst: '05', iso: 'IN-UT', nameEn: 'Uttarakhand', nameHi: 'उत्तराखंड' },
  { gst: '06', iso: 'IN-HR', nameEn: 'Haryana', nameHi: 'हरियाणा' },
  { gst: '07', iso: 'IN-DL', nameEn: 'Delhi', nameHi: 'दिल्ली' },
  { gst: '08', iso: 'IN-RJ', nameEn: 'Rajasthan', nameHi: 'राजस्थान' },
  { gst: '09', iso: 'IN-UP', nameEn: 'Uttar Pradesh', nameHi: 'उत्तर प्रदेश' },
  { gst: '10', iso: 'IN-BR', nameEn: 'Bihar', nameHi: 'बिहार' },
  { gst: '11', iso: 'IN-SK', nameEn: 'Sikkim', nameHi: 'सिक्किम' },
  { gst: '12', iso: 'IN-AR', nameEn: 'Arunachal Pradesh', nameHi: 'अरुणाचल प्रदेश' },
  { gst: '13', iso: 'IN-NL', nameEn: 'Nagaland', nameHi: 'नागालैंड' },
  { gst: '14', iso: 'IN-MN', nameEn: 'Manipur', nameHi: 'मणिपुर' },
  { gst: '15', iso: 'IN-MZ', nameEn: 'Mizoram', nameHi: 'मिज़ोरम' },
  { gst: '16', iso: 'IN-TR', nameEn: 'Tripura', nameHi: 'त्रिपुरा' },
  { gst: '17', iso: 'IN-ML', nameEn: 'Meghalaya', nameHi: 'मेघालय' },
  { gst: '18', iso: 'IN-AS', nameEn: 'Assam', nameHi: 'असम' },
  { gst: '19', iso: 'IN-WB', nameEn: 'West Bengal', nameHi: 'पश्चिम बंगाल' },
  { gst: '20', iso: 'IN-JH', nameEn: 'Jharkhand', nameHi: 'झारखंड' },
  { gst: '21', iso: 'IN-OR', nameEn: 'Odisha', nameHi: 'ओडिशा' },
  { gst: '22', iso: 'IN-CT', nameEn: 'Chhattisgarh', nameHi: 'छत्तीसगढ़' },
  { gst: '23', iso: 'IN-MP', nameEn: 'Madhya Pradesh', nameHi: 'मध्य प्रदेश' },
  { gst: '24', iso: 'IN-GJ', nameEn: 'Gujarat', nameHi: 'गुजरात' },
  {
    gst: '26',
    iso: 'IN-DH',
    nameEn: 'Dadra and Nagar Haveli and Daman and Diu',
    nameHi: 'दादरा और नगर हवेली और दमन और दीव',
  },
  { gst: '27', iso: 'IN-MH', nameEn: 'Maharashtra', nameHi: 'महाराष्ट्र' },
  { gst: '29', iso: 'IN-KA', nameEn: 'Karnataka', nameHi: 'कर्नाटक' },
  { gst: '30', iso: 'IN-GA', nameEn: 'Goa', nameHi: 'गोवा' },
  { gst: '31', iso: 'IN-LD', nameEn: 'Lakshadweep', nameHi: 'लक्षद्वीप' },
  { gst: '32', iso: 'IN-KL', nameEn: 'Kerala', nameHi: 'केरल' },
  { gst: '33', iso: 'IN-TN', nameEn: 'Tamil Nadu', nameHi: 'तमिलनाडु' },
  { gst: '34', iso: 'IN-PY', nameEn: 'Puducherry', nameHi: 'पुदुचेरी' },
  { gst: '35', iso: 'IN-AN', nameEn: 'Andaman and Nicobar Islands', nameHi: 'अंडमान और निकोबार द्वीपसमूह' },
  { gst: '36', iso: 'IN-TG', nameEn: 'Telangana', nameHi: 'तेलंगाना' },
  { gst: '37', iso: 'IN-AP', nameEn: 'Andhra Pradesh', nameHi: 'आंध्र प्रदेश' },
  { gst: '38', iso: 'IN-LA', nameEn: 'Ladakh', nameHi: 'लद्दाख' },
] as const satisfies readonly IndiaState[];

/** A state's English name, as the prize claim stores it and the results namespace translates it (states.<name>). */
export type IndiaStateName = (typeof INDIA_STATES)[number]['nameEn'];

const byGst = new Map<string, IndiaState>(INDIA_STATES.map((state) => [state.gst, state]));
const byIso = new Map<string, IndiaState>(INDIA_STATES.map((state) => [state.iso, state]));

export const stateByGstCode = (code: string): IndiaState | null => byGst.get(code) ?? null;
export const stateByIsoCode = (code: string): IndiaState | null => byIso.get(code) ?? null;
export const isGstStateCode = (code: string): boolean => byGst.has(code);

/** In a language's alphabetical order of the names, for a list a person picks from. */
export function statesByName(lang: 'en' | 'hi'): IndiaState[] {
  const key = lang === 'hi' ? 'nameHi' : 'nameEn';
  const collator = new Intl.Collator(lang === 'hi' ? 'hi-IN' : 'en-IN');
  return [...INDIA_STATES].sort((a, b) => collator.compare(a[key], b[key]));
}

/** 'Maharashtra (27)': the state's name and GST code, as the invoice prints the place of supply. */
export function stateLabel(code: string, lang: 'en' | 'hi' = 'en'): string {
  const state = byGst.get(code);
  if (!state) return code;
  return `${lang === 'hi' ? state.nameHi : state.nameEn} (${state.gst})`;
}

/** The claim form's states: India's states and union territories by English name, alphabetical. */
export const INDIAN_STATES: readonly IndiaStateName[] = INDIA_STATES.map((state) => state.nameEn).sort();
export type IndianState = IndiaStateName;
export const isIndianState = (value: string): value is IndianState =>
  (INDIAN_STATES as readonly string[]).includes(value);
