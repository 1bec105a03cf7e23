// The page's words: the server's message catalogue (GET /api/messages?lang=…, the same table the
// terminal uses), in the language the player chose (remembered) or the browser's. A message with
// parameters is a text {key, args}: each {name} of the template is replaced by its argument,
// itself plain text or another text, exactly as the server's Text::render does.

let lang = 'en';
let messages = {};

export function language() { return lang; }

// The language to start in: `?lang=cs` in the address, else the one chosen before, else the
// browser's (Czech for cs-*).
export function preferred() {
  const asked = new URLSearchParams(location.search).get('lang');
  if (asked === 'en' || asked === 'cs') return asked;
  const saved = localStorage.getItem('vidle.lang');
  if (saved === 'en' || saved === 'cs') return saved;
  return (navigator.language || '').toLowerCase().startsWith('cs') ? 'cs' : 'en';
}

export async function load(code) {
  const res = await fetch(`/api/messages?lang=${code}`);
  if (!res.ok) throw new Error(`messages: ${res.status}`);
  const data = await res.json();
  lang = data.lang;
  messages = data.messages;
  document.documentElement.lang = lang;
}

// A message by its key, with its {parameters} filled in from `args`.
export function t(key, args) {
  return tx({ key, args: args || {} });
}

// Which plural form of a counted message n takes, as the server's Lang::plural_form: English
// one (1) and other; Czech one (1), few (2–4) and many (0, 5 and more).
export function pluralForm(code, n) {
  if (n === 1) return 0;
  if (code === 'cs') return n >= 2 && n <= 4 ? 1 : 2;
  return 1;
}

// A text as the server sends it: {key, args}. A counted message (a list of forms) takes the
// form of its {n}.
export function tx(text) {
  if (!text) return '';
  let template = messages[text.key] ?? text.key;
  if (Array.isArray(template)) {
    const n = text.args && /^\d+$/.test(String(text.args.n)) ? Number(text.args.n) : -1;
    template = template[n < 0 ? template.length - 1 : Math.min(pluralForm(lang, n), template.length - 1)];
  }
  const out = template.replace(/\{(\w+)\}/g, (whole, name) => {
    const arg = text.args ? text.args[name] : undefined;
    if (arg === undefined) return whole;
    return typeof arg === 'string' ? arg : typeof arg === 'object' ? tx(arg) : String(arg);
  });
  return text.key === 'Capitalised' && out ? out[0].toUpperCase() + out.slice(1) : out;
}

// Fills the page's fixed words: data-i18n (the text), data-i18n-title, data-i18n-placeholder
// and data-i18n-label (aria-label).
export function translatePage(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll('[data-i18n-placeholder]')) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of root.querySelectorAll('[data-i18n-label]')) el.setAttribute('aria-label', t(el.dataset.i18nLabel));
  document.title = t('PageTitle');
}
