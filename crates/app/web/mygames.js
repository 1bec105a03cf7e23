// "My games": the ids of the games this browser created, kept in localStorage (an id is a game's
// secret: the server lists only the games it is asked for, GET /api/games?ids=…), shown as a
// list with the player's rating from them (GET /api/rating?ids=…). Forgetting a game takes it
// off this browser's list only: the server keeps it.
import * as i18n from '/i18n.js';
const { t, tx } = i18n;

const $ = (id) => document.getElementById(id);
const KEY = 'vidle.mygames';
// The server answers for at most this many ids at once (saved.rs MAX_LISTED): the newest are kept.
const MAX_KEPT = 200;
const LEVEL_KEYS = {
  800: 'LevelBeginner', 1100: 'LevelNovice', 1400: 'LevelCasual', 1700: 'LevelClub',
  2000: 'LevelStrong', 2300: 'LevelExpert', 2600: 'LevelMaster',
};

let openGame = null; // (id) => shows that game on the page
let ratingShown = ''; // the game and language the rating line was fetched for

export function ids() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || '[]');
    return Array.isArray(list) ? list.filter((x) => typeof x === 'string' && /^[0-9a-f]{32}$/.test(x)) : [];
  } catch {
    return [];
  }
}

function store(list) {
  localStorage.setItem(KEY, JSON.stringify(list.slice(-MAX_KEPT)));
}

// A game this browser created.
export function remember(id) {
  const list = ids().filter((x) => x !== id);
  list.push(String(id));
  store(list);
}

function forget(id) {
  store(ids().filter((x) => x !== id));
}

async function getJson(path) {
  const res = await fetch(path);
  const body = await res.json().catch(() => null);
  if (!res.ok) {
    const e = body && body.error;
    throw new Error(e ? (e.text ? tx(e.text) : e.message) : t('ServerError', { status: String(res.status) }));
  }
  return body;
}

// The rating from the listed games (only ids the server knows: a game it lost is left out).
async function rating(known) {
  return getJson(`/api/rating?ids=${known.join(',')}`);
}

function resultWord(g) {
  if (g.result === '*') return t('GameInProgress');
  if (g.result === '1/2-1/2') return t('GameDrawn');
  const won = (g.result === '1-0') === (g.human === 'white');
  return won ? t('GameWon') : t('GameLost');
}

function levelWord(level) {
  if (level === null || level === undefined) return t('LevelMax');
  return LEVEL_KEYS[level] ? t(LEVEL_KEYS[level]) : String(level);
}

function cell(row, text) {
  const td = document.createElement('td');
  td.textContent = text;
  row.append(td);
  return td;
}

function button(text, title, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  if (title) b.title = title;
  b.addEventListener('click', onClick);
  return b;
}

async function fill() {
  const body = $('mygames-rows');
  const list = ids();
  $('mygames-rating').textContent = '';
  $('mygames-why').textContent = '';
  body.replaceChildren();
  $('mygames-empty').hidden = list.length > 0;
  if (!list.length) return;
  let games;
  try {
    games = await getJson(`/api/games?ids=${list.join(',')}`);
  } catch (e) {
    $('mygames-rating').textContent = e.message;
    return;
  }
  $('mygames-empty').hidden = games.length > 0;
  const fmt = new Intl.DateTimeFormat(i18n.language(), { dateStyle: 'medium', timeStyle: 'short' });
  for (const g of games) {
    const row = document.createElement('tr');
    cell(row, fmt.format(new Date(g.created * 1000)));
    cell(row, levelWord(g.level));
    cell(row, g.human === 'white' ? t('WhiteColor') : t('BlackColor'));
    cell(row, resultWord(g)).className = g.result === '*' ? 'on' : '';
    cell(row, String(Math.ceil(g.plies / 2)));
    const acts = cell(row, '');
    acts.className = 'mygames-acts';
    acts.append(button(g.result === '*' ? t('Continue') : t('OpenGame'), null, () => {
      $('dlg-mygames').close();
      openGame(g.id);
    }));
    const pgn = document.createElement('a');
    pgn.className = 'button';
    pgn.href = `/api/game/${g.id}/pgn`;
    pgn.setAttribute('download', `vidle-${g.id}.pgn`);
    pgn.textContent = 'PGN';
    acts.append(pgn);
    acts.append(button(t('Forget'), t('ForgetTip'), () => { forget(g.id); fill(); }));
    body.append(row);
  }
  if (!games.length) return;
  try {
    const r = await rating(games.map((g) => g.id));
    $('mygames-rating').textContent = tx(r.text);
    $('mygames-why').textContent = r.why ? tx(r.why) : '';
  } catch (e) {
    $('mygames-rating').textContent = e.message;
  }
}

export function open() {
  $('dlg-mygames').showModal();
  fill();
}

// After a game of this browser's ends: "Your rating: … next: …" under the status line.
export async function showRatingAfter(game) {
  const line = $('rating-line');
  const list = ids();
  if (!game || game.phase !== 'over' || !list.includes(String(game.id))) {
    line.hidden = true;
    ratingShown = '';
    return;
  }
  const key = `${game.id} ${i18n.language()}`;
  if (key === ratingShown) return;
  ratingShown = key;
  try {
    const known = (await getJson(`/api/games?ids=${list.join(',')}`)).map((g) => g.id);
    const r = await rating(known);
    line.textContent = tx(r.text);
    line.hidden = false;
  } catch {
    line.hidden = true; // no store on this server: no rating to show
  }
}

// `show(id)` opens a game on the page.
export function setup(show) {
  openGame = show;
  $('btn-mygames').addEventListener('click', open);
  $('mygames-close').addEventListener('click', () => $('dlg-mygames').close());
}

// `?mygames` in the address opens the list at once (a bookmark, a screenshot).
export function openIfAsked() {
  if (new URLSearchParams(location.search).has('mygames')) open();
}
