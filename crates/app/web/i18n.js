// The page's words: the server's message catalogue (GET /api/messages?lang=…, the same table the
// terminal uses), in the language the player chose (remembered) or the browser's. A message with
// parameters is a text {key, args}: each {name} of the template is replaced by its argument,
// itself plain text or another text, exactly as the server's Text::render does.

let lang = 'en';
let messages = {};

export function language() { return lang; }

// The language to start in: the one chosen before, else the browser's (Czech for cs-*).
export function preferred() {
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

// A text as the server sends it: {key, args}.
export function tx(text) {
  if (!text) return '';
  const template = messages[text.key] ?? text.key;
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
