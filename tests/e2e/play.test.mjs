// End-to-end tests of `vidle serve` in a real headless Chromium: drag-and-drop and click-click
// moves, the engine's reply, promotion through the dialog, illegal drops, checkmate, typing SAN,
// and the two trainer pages (/practice, /mistakes).
// VIDLE_URL names the running server (tests/e2e/run.sh starts one).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const BASE = process.env.VIDLE_URL || 'http://127.0.0.1:8960/';
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), 'artifacts');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const TIMEOUT = 20_000;

let context;
let profile;

before(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  profile = mkdtempSync(join(tmpdir(), 'vidle-e2e-profile-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
    viewport: { width: 1280, height: 860 },
  });
});

after(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

async function openPage(viewport, movetime = 150) {
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${BASE}?movetime=${movetime}`);
  await page.waitForFunction(() => document.querySelectorAll('#board piece').length > 0, null, { timeout: TIMEOUT });
  page.jsErrors = errors;
  return page;
}

async function squareCenter(page, sq) {
  const box = await page.locator('#board cg-board').boundingBox();
  const orientation = await page.evaluate(() => window.vidleBoard.state.orientation);
  const file = sq.charCodeAt(0) - 97;
  const rank = Number(sq[1]) - 1;
  const size = box.width / 8;
  const col = orientation === 'white' ? file : 7 - file;
  const row = orientation === 'white' ? 7 - rank : rank;
  return { x: box.x + (col + 0.5) * size, y: box.y + (row + 0.5) * size };
}

async function drag(page, from, to) {
  const a = await squareCenter(page, from);
  const b = await squareCenter(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 6 });
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
}

async function click(page, sq) {
  const a = await squareCenter(page, sq);
  await page.mouse.click(a.x, a.y);
}

const moveCount = (page) => page.locator('#movelist .mv:not(.empty)').count();
const status = (page) => page.locator('#status').innerText();

async function waitForMoves(page, n) {
  await page.waitForFunction((n) => document.querySelectorAll('#movelist .mv:not(.empty)').length >= n, n, { timeout: TIMEOUT });
}
async function waitForYourMove(page) {
  await page.waitForFunction(() => /Your move/.test(document.querySelector('#status').textContent), null, { timeout: TIMEOUT });
}

async function newGameFromFen(page, fen, level) {
  await page.click('#btn-new');
  await page.selectOption('#new-start', 'fen');
  if (level) {
    // The form remembers the last game's choices: a clock there would override the movetime.
    await page.selectOption('#new-level', level);
    await page.selectOption('#new-tc', '');
  }
  await page.check('input[name=color][value=white]', { force: true });
  await page.fill('#new-setup', fen);
  await page.click('#new-start-btn');
  await page.waitForFunction((fen) => window.vidleBoard.getFen() === fen.split(' ')[0], fen, { timeout: TIMEOUT });
}

/** Starts a game from `pgn`'s moves with the player as White (the caller waits for what it needs). */
async function newGameFromPgn(page, pgn) {
  await page.click('#btn-new');
  await page.selectOption('#new-start', 'pgn');
  await page.check('input[name=color][value=white]', { force: true });
  await page.fill('#new-setup', pgn);
  await page.click('#new-start-btn');
}

/** White mates in four; Black's 3... Nf6 is the blunder the analysis must find. */
const SCHOLARS_MATE = '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0';

test('a short game by dragging pieces, with the engine replying', async () => {
  const page = await openPage();
  await waitForYourMove(page);
  assert.match(await status(page), /Your move \(white\)/);
  await drag(page, 'e2', 'e4');
  // The status changes while the engine thinks, then its reply arrives.
  await waitForMoves(page, 2);
  await waitForYourMove(page);
  await drag(page, 'g1', 'f3');
  await waitForMoves(page, 4);
  await waitForYourMove(page);
  assert.equal(await moveCount(page), 4);
  const first = await page.locator('#movelist .mv').first().innerText();
  assert.equal(first, 'e4');
  // From the standard start the engine answers 1.e4 from its opening book, marked as such;
  // a searched reply shows the engine's score instead.
  assert.ok(await page.locator('#movelist .mv').nth(1).evaluate((b) => b.classList.contains('book')), 'book move marked');
  const lastIsBook = await page.locator('#movelist .mv').nth(3).evaluate((b) => b.classList.contains('book'));
  if (!lastIsBook) assert.notEqual(await page.locator('#eng-score').innerText(), '—', 'engine score shown');
  assert.ok((await page.locator('#opening').innerText()).length > 3, 'opening named');
  // Keyboard entry in SAN.
  await page.fill('#san-input', 'Nc3');
  await page.press('#san-input', 'Enter');
  await waitForMoves(page, 6);
  await waitForYourMove(page);
  assert.equal(await page.locator('#movelist .mv').nth(4).innerText(), 'Nc3');
  await page.waitForTimeout(400); // let animations settle
  await page.screenshot({ path: join(ARTIFACTS, 'game.png') });
  assert.deepEqual(page.jsErrors, []);
  await page.close();
});

test('an illegal drop is rejected and the game is unchanged', async () => {
  const page = await openPage();
  await waitForYourMove(page);
  const fenBefore = await page.evaluate(() => window.vidleBoard.getFen());
  await drag(page, 'e2', 'e5');
  // The server's sentence alone, with no second lead before it ("Illegal move: … is illegal").
  await page.waitForFunction(() => /e2-e5 is not a legal move/.test(document.querySelector('#status').textContent), null, { timeout: TIMEOUT });
  assert.equal(await status(page), 'e2-e5 is not a legal move here');
  assert.equal(await moveCount(page), 0);
  assert.equal(await page.evaluate(() => window.vidleBoard.getFen()), fenBefore);
  await page.screenshot({ path: join(ARTIFACTS, 'illegal.png') });
  // A bad SAN is rejected too.
  await page.fill('#san-input', 'Ke4');
  await page.press('#san-input', 'Enter');
  await page.waitForFunction(() => /Ke4 is illegal/.test(document.querySelector('#status').textContent), null, { timeout: TIMEOUT });
  assert.equal(await moveCount(page), 0);
  await page.close();
});

test('promoting a pawn through the dialog', async () => {
  const page = await openPage();
  await newGameFromFen(page, '7k/P7/8/8/8/8/8/K7 w - - 0 1');
  await drag(page, 'a7', 'a8');
  await page.locator('#dlg-promo').waitFor({ state: 'visible', timeout: TIMEOUT });
  await page.screenshot({ path: join(ARTIFACTS, 'promotion-dialog.png') });
  await page.click('#promo-choices button[data-role=q]');
  await waitForMoves(page, 2);
  assert.match(await page.locator('#movelist .mv').first().innerText(), /^a8=Q\+$/);
  const pieceOnA8 = await page.evaluate(() => window.vidleBoard.state.pieces.get('a8'));
  assert.deepEqual(pieceOnA8, { role: 'queen', color: 'white' });
  await waitForYourMove(page);
  // Out of the book the engine searches; its score stays hidden during the game (as lichess
  // hides it against the computer) until the button shows it.
  assert.equal(await page.locator('#eng-score').innerText(), '—', 'engine score hidden');
  assert.equal(await page.locator('#evalbar-text').innerText(), '', 'evaluation bar hidden');
  await page.click('#btn-eval');
  assert.notEqual(await page.locator('#eng-score').innerText(), '—', 'engine score shown');
  assert.equal(await page.locator('#btn-eval').getAttribute('aria-pressed'), 'true');
  await page.click('#btn-eval'); // hidden again (the choice is remembered for other pages)
  await page.close();
});

test('checkmate from a FEN, moving by click-click', async () => {
  const page = await openPage();
  await newGameFromFen(page, '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1');
  await click(page, 'a1');
  await page.waitForFunction(() => document.querySelectorAll('#board square.move-dest').length > 0, null, { timeout: TIMEOUT });
  await click(page, 'a8');
  await page.waitForFunction(() => /Checkmate/i.test(document.querySelector('#status').textContent), null, { timeout: TIMEOUT });
  assert.match(await status(page), /white wins.*1-0/i);
  assert.equal(await page.locator('#movelist .mv').first().innerText(), 'Ra8#');
  assert.ok(await page.locator('#board square.check').count() > 0, 'check highlighted');
  assert.ok(await page.locator('#btn-resign').isDisabled());
  await page.waitForTimeout(400); // let animations settle
  await page.screenshot({ path: join(ARTIFACTS, 'checkmate.png') });
  await page.close();
});

test('clocks, hint, undo and flip', async () => {
  const page = await openPage();
  await page.click('#btn-new');
  await page.selectOption('#new-start', 'standard');
  await page.selectOption('#new-tc', '1+0');
  await page.click('#new-start-btn');
  // The new game's state arrives asynchronously: wait until the new game's clocks are shown (a
  // one-minute clock for each side), then check them. The player's own clock runs, so a slow
  // machine may already show 0:59; the engine's has not started.
  await page.waitForFunction(() => {
    const bottom = document.querySelector('#clock-bottom');
    return !bottom.hidden && /^(1:00|0:5\d)$/.test(bottom.textContent);
  }, null, { timeout: TIMEOUT });
  await waitForYourMove(page);
  assert.match(await page.locator('#clock-bottom').innerText(), /^(1:00|0:5\d)$/);
  assert.equal(await page.locator('#clock-top').innerText(), '1:00');
  await page.click('#btn-hint');
  await page.waitForFunction(() => /Hint: /.test(document.querySelector('#status').textContent), null, { timeout: TIMEOUT });
  await drag(page, 'd2', 'd4');
  await waitForMoves(page, 2);
  await waitForYourMove(page);
  await page.click('#btn-undo');
  await page.waitForFunction(() => document.querySelectorAll('#movelist .mv:not(.empty)').length === 0, null, { timeout: TIMEOUT });
  await page.click('#btn-flip');
  assert.equal(await page.evaluate(() => window.vidleBoard.state.orientation), 'black');
  await page.click('#btn-flip');
  // The board's colours follow the picker (themes.js) and are remembered.
  await page.selectOption('#sel-board', 'blue');
  assert.equal(await page.evaluate(() => document.documentElement.style.getPropertyValue('--sq-light')), '#dee3e6');
  assert.equal(await page.evaluate(() => localStorage.getItem('vidle.board')), 'blue');
  await page.selectOption('#sel-board', 'brown');
  await page.close();
});

test('a reload keeps the game: its id is in the address', async () => {
  const page = await openPage();
  await waitForYourMove(page);
  await drag(page, 'e2', 'e4');
  await waitForMoves(page, 2);
  await waitForYourMove(page);
  const url = new URL(page.url());
  const id = url.searchParams.get('game');
  assert.ok(id, `no game id in ${page.url()}`);
  assert.equal(url.searchParams.get('movetime'), '150', 'the other parameters stay');
  // A fresh tab opened at the same address (no session storage) shows the same game.
  const other = await context.newPage();
  await other.goto(page.url());
  await other.waitForFunction(() => document.querySelectorAll('#movelist .mv:not(.empty)').length === 2, null, { timeout: TIMEOUT });
  assert.equal(new URL(other.url()).searchParams.get('game'), id);
  await other.close();
  await page.reload();
  await waitForMoves(page, 2);
  assert.equal(new URL(page.url()).searchParams.get('game'), id);
  await page.close();
});

test('phone-sized layout', async () => {
  const page = await openPage({ width: 390, height: 844 });
  await waitForYourMove(page);
  await drag(page, 'e2', 'e4');
  await waitForMoves(page, 2);
  await waitForYourMove(page);
  const box = await page.locator('#board').boundingBox();
  assert.ok(box.width <= 390 && box.width > 250, `board fits: ${box.width}`);
  await page.waitForTimeout(400); // let animations settle
  await page.screenshot({ path: join(ARTIFACTS, 'phone.png'), fullPage: true });
  await page.close();
});

test('post-game analysis: the chart, judged moves, a click shows that move', async () => {
  const page = await openPage();
  await newGameFromPgn(page, SCHOLARS_MATE);
  await page.waitForFunction(() => /Checkmate/i.test(document.querySelector('#status').textContent), null, { timeout: TIMEOUT });
  assert.ok(!(await page.locator('#btn-analyse').isDisabled()));
  await page.click('#btn-analyse');
  await page.waitForFunction(() => document.querySelectorAll('#review-chart path').length > 0, null, { timeout: 60_000 });
  // 3... Nf6 is the blunder: marked in the list and on the chart.
  const nf6 = page.locator('#movelist .mv:not(.empty)').nth(5);
  assert.equal(await nf6.innerText(), 'Nf6??');
  assert.ok(await nf6.evaluate((b) => b.classList.contains('blunder')));
  assert.ok(await page.locator('#review-chart circle.blunder').count() >= 1);
  assert.match(await page.locator('#review-sides').innerText(), /Black: .*\b1 blunder, accuracy \d+%/);
  assert.ok(!(await page.locator('#review-pgn').isHidden()), 'the annotated PGN can be downloaded');
  // A click on the chart at the third ply (2. Qh5: ply 3 of 7) shows the board after it.
  await page.locator('#review-chart').scrollIntoViewIfNeeded();
  const box = await page.locator('#review-chart').boundingBox();
  await page.mouse.click(box.x + (box.width * 3) / 7, box.y + box.height / 2);
  await page.waitForFunction(() => window.vidleBoard.state.pieces.get('h5')?.role === 'queen', null, { timeout: TIMEOUT });
  assert.match(await page.locator('#viewing').innerText(), /2\. Qh5/);
  await page.waitForTimeout(500); // the board's move animation, so the picture shows the pieces at rest
  await page.screenshot({ path: join(ARTIFACTS, 'analysis.png'), fullPage: true });
  // A reload shows the game with its analysis again (kept by the server).
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('#review-chart path').length > 0, null, { timeout: TIMEOUT });
  assert.equal(await page.locator('#movelist .mv:not(.empty)').nth(5).innerText(), 'Nf6??');
  assert.deepEqual(page.jsErrors, []);
  await page.close();
});

test('a Czech browser gets the page in Czech; the switch turns it to English and is remembered', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'vidle-e2e-cs-'));
  const cs = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    locale: 'cs-CZ',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--lang=cs-CZ'],
    viewport: { width: 1280, height: 860 },
  });
  try {
    const page = await cs.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${BASE}?movetime=150`);
    assert.equal(await page.evaluate(() => navigator.language), 'cs-CZ');
    await page.waitForFunction(() => /Jste na tahu/.test(document.querySelector('#status').textContent), null, { timeout: TIMEOUT });
    assert.equal(await page.locator('#btn-new').innerText(), 'Nová partie');
    assert.match(await page.locator('#btn-undo').innerText(), /Zpět/);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'cs');
    assert.match(await page.locator('#name-bottom').innerText(), /^Vy \(bílé\)/);
    // An impossible typed move is explained in Czech, from the same catalogue as the terminal.
    await page.fill('#san-input', 'Ke3');
    await page.press('#san-input', 'Enter');
    await page.waitForFunction(() => /není možný tah/.test(document.querySelector('#status').textContent), null, { timeout: TIMEOUT });
    assert.match(await status(page), /Ke3 není možný tah: král nemůže táhnout na e3/);
    // The analysis in Czech: the totals with Czech plural forms (1 hrubá chyba, 0 chyb).
    await newGameFromPgn(page, SCHOLARS_MATE);
    await page.waitForFunction(() => /mat/i.test(document.querySelector('#status').textContent), null, { timeout: TIMEOUT });
    await page.click('#btn-analyse');
    await page.waitForFunction(() => document.querySelectorAll('#review-chart path').length > 0, null, { timeout: 60_000 });
    const sides = await page.locator('#review-sides').innerText();
    assert.match(sides, /Černý: .*\b1 hrubá chyba, přesnost \d+ %/);
    assert.match(sides, /Bílý: .*\b0 hrubých chyb/);
    assert.ok(await page.locator('#btn-review-cancel').isHidden(), 'Cancel goes once the analysis is done');
    await page.screenshot({ path: join(ARTIFACTS, 'czech.png'), fullPage: true });
    // The switch: English at once, and still English after a reload.
    await page.click('#lang-en');
    await page.waitForFunction(() => document.querySelector('#btn-new').textContent === 'New game', null, { timeout: TIMEOUT });
    await page.waitForFunction(() => /Checkmate, White wins/.test(document.querySelector('#status').textContent), null, { timeout: TIMEOUT });
    assert.match(await page.locator('#btn-undo').innerText(), /Undo/);
    assert.match(await page.locator('#review-sides').innerText(), /Black: .*\b1 blunder, accuracy/);
    await page.reload();
    await page.waitForFunction(() => /Checkmate/.test(document.querySelector('#status').textContent), null, { timeout: TIMEOUT });
    assert.equal(await page.locator('#btn-new').innerText(), 'New game');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    assert.deepEqual(errors, []);
  } finally {
    await cs.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an analysis can be cancelled, and the page is as before', async () => {
  const page = await openPage();
  // 30 plies: about ten seconds of analysis.
  await newGameFromPgn(page, '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 '
    + '8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 *');
  await waitForMoves(page, 30);
  await page.click('#btn-analyse');
  await page.waitForFunction(() => /Analysing… [1-9]/.test(document.querySelector('#review-status').textContent), null, { timeout: TIMEOUT });
  assert.ok(await page.locator('#btn-review-cancel').isVisible());
  await page.click('#btn-review-cancel');
  await page.waitForFunction(() => document.querySelector('#review').hidden, null, { timeout: TIMEOUT });
  assert.ok(await page.locator('#btn-review-cancel').isHidden());
  assert.equal(await page.locator('#review-chart path').count(), 0);
  // The game's slot is free: a hint is given.
  await page.click('#btn-hint');
  await page.waitForFunction(() => /Hint: /.test(document.querySelector('#status').textContent), null, { timeout: TIMEOUT });
  assert.deepEqual(page.jsErrors, []);
  await page.close();
});

test('a premove made while the engine thinks is played after its reply', async () => {
  // The engine thinks 5 s a move at full strength with no clock: time enough to make a premove
  // on a busy machine. (At the weaker levels it stops at a node cap within milliseconds,
  // whatever the movetime, and a clock left in the form by an earlier test replaces the
  // movetime: the premove drag then came after its reply and was an ordinary move.)
  const page = await openPage(undefined, 5000);
  await newGameFromFen(page, 'r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9', 'max');
  const premove = () => page.evaluate(() => window.vidleBoard.state.premovable.current);
  const moves = () => page.locator('#movelist .mv:not(.empty)');
  await drag(page, 'a2', 'a3');
  await waitForMoves(page, 1);
  await page.waitForTimeout(300); // the board's animation ends
  // While the engine thinks: h2-h3 as a premove (the engine cannot stop it from being legal).
  await drag(page, 'h2', 'h3');
  assert.equal(await moves().count(), 1, 'the engine is still thinking');
  assert.deepEqual(await premove(), ['h2', 'h3']);
  await waitForMoves(page, 3);
  assert.equal(await moves().nth(2).innerText(), 'h3');
  // The engine thinks about its second move: a right-click cancels a premove.
  await page.waitForTimeout(300);
  await drag(page, 'b2', 'b3');
  assert.equal(await moves().count(), 3, 'the engine is still thinking');
  assert.deepEqual(await premove(), ['b2', 'b3']);
  const a = await squareCenter(page, 'e4');
  await page.mouse.click(a.x, a.y, { button: 'right' });
  assert.equal(await premove(), undefined);
  // Its reply comes, and nothing was played for White.
  await waitForMoves(page, 4);
  await waitForYourMove(page);
  assert.equal(await moves().count(), 4);
  assert.deepEqual(page.jsErrors, []);
  await page.close();
});

test('My games lists the games this browser started, with the rating; Forget takes one off the list', async () => {
  const page = await openPage();
  await waitForYourMove(page);
  // Only the games started from here on: the context's storage has the other tests' games.
  await page.evaluate(() => localStorage.removeItem('vidle.mygames'));
  await page.click('#btn-new');
  await page.check('input[name=color][value=white]', { force: true });
  await page.selectOption('#new-level', 'novice');
  await page.click('#new-start-btn');
  await page.waitForFunction(() => !document.getElementById('dlg-new').open, null, { timeout: TIMEOUT });
  const id = new URL(page.url()).searchParams.get('game');
  assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem('vidle.mygames'))), [id]);
  await waitForYourMove(page);
  await drag(page, 'e2', 'e4');
  await waitForMoves(page, 2);
  await waitForYourMove(page);
  page.once('dialog', (d) => d.accept());
  await page.click('#btn-resign');
  // The game is over: the rating from it (one loss against 1100) under the status.
  await page.waitForFunction(() => !document.getElementById('rating-line').hidden, null, { timeout: TIMEOUT });
  const line = await page.locator('#rating-line').innerText();
  assert.match(line, /^Your rating: \d+ ± \d+ \(after 1 game\); next: /, line);

  await page.click('#btn-mygames');
  await page.waitForFunction(() => document.getElementById('mygames-rating').textContent.length > 0, null, { timeout: TIMEOUT });
  assert.equal(await page.locator('#mygames-rating').innerText(), line);
  const rows = page.locator('#mygames-rows tr');
  assert.equal(await rows.count(), 1);
  const cells = await rows.first().locator('td').allInnerTexts();
  assert.deepEqual(cells.slice(1, 5), ['Novice (1100)', 'White', 'lost', '1']);
  assert.equal(await rows.first().locator('a').getAttribute('href'), `/api/game/${id}/pgn`);
  await rows.first().getByText('Forget').click();
  await page.waitForFunction(() => document.querySelectorAll('#mygames-rows tr').length === 0, null, { timeout: TIMEOUT });
  assert.ok(await page.locator('#mygames-empty').isVisible());
  assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem('vidle.mygames'))), []);
  // Forgotten here only: the server still has the game.
  assert.equal((await page.request.get(`${BASE}api/game/${id}`)).status(), 200);
  assert.deepEqual(page.jsErrors, []);
  await page.close();
});

/** Waits until the board offers moves for `color` (the server's answer for the position shown). */
async function waitForDests(page, color) {
  await page.waitForFunction((c) => window.vidleBoard.state.movable.color === c
    && window.vidleBoard.state.movable.dests?.size > 0, color, { timeout: TIMEOUT });
}
const variationMoves = (page) => page.locator('#variation .variation-moves').innerText();

test('after the game: a variation tried on the analysis board, stepped through, and back to the game', async () => {
  const page = await openPage();
  await waitForYourMove(page);
  assert.ok(await page.locator('#variation').isHidden(), 'no variations during the game');
  await newGameFromPgn(page, SCHOLARS_MATE);
  await page.waitForFunction(() => /Checkmate/i.test(document.querySelector('#status').textContent), null, { timeout: TIMEOUT });
  await page.click('#btn-analyse');
  await page.waitForFunction(() => document.querySelectorAll('#review-chart path').length > 0, null, { timeout: 60_000 });
  assert.match(await page.locator('#variation').innerText(), /Move a piece to try a variation/);
  // Back to 3. Bc4, where Black blundered with 3... Nf6: try 3... g6 instead.
  await page.locator('#movelist .mv:not(.empty)').nth(4).click();
  await waitForDests(page, 'black');
  await drag(page, 'g7', 'g6');
  await page.waitForFunction(() => document.querySelector('#variation .variation-moves')?.textContent === '3… g6', null, { timeout: TIMEOUT });
  await waitForDests(page, 'white');
  await drag(page, 'h5', 'f3');
  await page.waitForFunction(() => document.querySelectorAll('#variation .mv').length === 2, null, { timeout: TIMEOUT });
  await waitForDests(page, 'black');
  await drag(page, 'g8', 'f6');
  await page.waitForFunction(() => document.querySelectorAll('#variation .mv').length === 3, null, { timeout: TIMEOUT });
  assert.equal(await variationMoves(page), '3… g6 4. Qf3 Nf6');
  // The strips count the variation's material: nothing taken yet (the game ended a pawn up).
  await page.waitForFunction(() => document.querySelector('#mat-bottom').textContent === '', null, { timeout: TIMEOUT });
  assert.match(await page.locator('#viewing').innerText(), /^Variation after 3\. Bc4 — press Esc/);
  // The engine's short search of the variation's position fills the evaluation bar.
  await page.waitForFunction(() => /variation · depth/.test(document.querySelector('#eng-meta').textContent), null, { timeout: 60_000 });
  assert.notEqual(await page.locator('#evalbar-text').innerText(), '');
  // The arrows step through the variation like the game.
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.locator('#variation .mv.current').innerText(), '4. Qf3');
  assert.equal(await page.evaluate(() => window.vidleBoard.state.pieces.get('g8')?.role), 'knight');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => window.vidleBoard.state.pieces.get('f6')?.role === 'knight', null, { timeout: TIMEOUT });
  // An illegal drop does nothing: only the server's legal moves are offered.
  await drag(page, 'a2', 'a5');
  assert.equal(await page.evaluate(() => window.vidleBoard.state.pieces.get('a2')?.role), 'pawn');
  await page.waitForTimeout(500); // the board's move animation, so the picture shows the pieces at rest
  await page.screenshot({ path: join(ARTIFACTS, 'variation.png'), fullPage: true });
  // Escape: back to the game at the branch point; the variation stays listed.
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => window.vidleBoard.state.pieces.get('c4')?.role === 'bishop'
    && !window.vidleBoard.state.pieces.get('f6'), null, { timeout: TIMEOUT });
  assert.match(await page.locator('#viewing').innerText(), /^Viewing after 3\. Bc4/);
  assert.ok(await page.locator('#btn-back-game').isHidden());
  assert.equal(await page.locator('#variation .mv.current').count(), 0);
  // A click on a variation move shows it again; "Back to the game" leaves it.
  await page.locator('#variation .mv').nth(1).click();
  await page.waitForFunction(() => window.vidleBoard.state.pieces.get('f3')?.role === 'queen', null, { timeout: TIMEOUT });
  await page.click('#btn-back-game');
  await page.waitForFunction(() => window.vidleBoard.state.pieces.get('h5')?.role === 'queen', null, { timeout: TIMEOUT });
  // Another point of the game: the new variation replaces the old one.
  await page.locator('#movelist .mv:not(.empty)').nth(2).click();
  await waitForDests(page, 'black');
  await drag(page, 'g7', 'g6');
  await page.waitForFunction(() => document.querySelector('#variation .variation-moves')?.textContent === '2… g6', null, { timeout: TIMEOUT });
  // A typed move goes into the variation too.
  await page.fill('#san-input', 'Bc4');
  await page.press('#san-input', 'Enter');
  await page.waitForFunction(() => document.querySelector('#variation .variation-moves')?.textContent === '2… g6 3. Bc4', null, { timeout: TIMEOUT });
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => window.vidleBoard.state.pieces.get('g7')?.role === 'pawn', null, { timeout: TIMEOUT });
  assert.equal(await moveCount(page), 7, 'the game itself is unchanged');
  assert.deepEqual(page.jsErrors, []);
  await page.close();
});

test('a variation on the analysis board in Czech, and a promotion in one through the dialog', async () => {
  const page = await openPage();
  await page.goto(`${BASE}?movetime=150&lang=cs`);
  await page.waitForFunction(() => /Jste na tahu/.test(document.querySelector('#status').textContent), null, { timeout: TIMEOUT });
  await newGameFromPgn(page, SCHOLARS_MATE);
  await page.waitForFunction(() => /mat/i.test(document.querySelector('#status').textContent), null, { timeout: TIMEOUT });
  await page.locator('#movelist .mv:not(.empty)').nth(4).click();
  await waitForDests(page, 'black');
  await drag(page, 'g7', 'g6');
  await page.waitForFunction(() => document.querySelectorAll('#variation .mv').length === 1, null, { timeout: TIMEOUT });
  await waitForDests(page, 'white');
  await drag(page, 'c4', 'f7');
  await page.waitForFunction(() => document.querySelectorAll('#variation .mv').length === 2, null, { timeout: TIMEOUT });
  assert.equal(await variationMoves(page), '3… g6 4. Bxf7+');
  assert.match(await page.locator('#variation').innerText(), /^Varianta:/);
  assert.match(await page.locator('#btn-back-game').innerText(), /Zpět k partii/);
  assert.match(await page.locator('#viewing').innerText(), /^Varianta po 3\. Bc4 — klávesa Esc/);
  await page.waitForFunction(() => /varianta · hloubka/.test(document.querySelector('#eng-meta').textContent), null, { timeout: 60_000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(ARTIFACTS, 'variation-cs.png'), fullPage: true });
  // A promotion in a variation goes through the same dialog as in a game.
  await newGameFromFen(page, '7k/P7/8/8/8/8/8/K7 w - - 0 1');
  page.once('dialog', (d) => d.accept());
  await page.click('#btn-resign');
  // Over: the board's moves are then the server's answer for the analysis board.
  await page.waitForFunction(() => document.querySelector('#btn-resign').disabled, null, { timeout: TIMEOUT });
  await waitForDests(page, 'white');
  await drag(page, 'a7', 'a8');
  await page.locator('#dlg-promo').waitFor({ state: 'visible', timeout: TIMEOUT });
  await page.click('#promo-choices button[data-role=n]');
  await page.waitForFunction(() => document.querySelector('#variation .variation-moves')?.textContent === '1. a8=N', null, { timeout: TIMEOUT });
  assert.deepEqual(await page.evaluate(() => window.vidleBoard.state.pieces.get('a8')), { role: 'knight', color: 'white' });
  assert.deepEqual(page.jsErrors, []);
  await page.close();
});

test('endgame practice: a move is judged and answered, a hint is shown, undo takes it back', async () => {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${BASE}practice?material=KQvK&seed=5&lang=en`);
  await page.waitForFunction(() => document.getElementById('status').textContent.length > 0, null, { timeout: TIMEOUT });
  assert.equal(await page.title(), 'Vidle — endgame practice');
  assert.match(await page.locator('#status').innerText(), /mate/i);
  // The server's position: K7/8/8/8/2Q5/8/8/7k w; any queen move is judged.
  await drag(page, 'c4', 'c2');
  await page.waitForFunction(() => document.querySelectorAll('#log li').length === 1, null, { timeout: TIMEOUT });
  const entry = await page.locator('#log li').first().innerText();
  assert.ok(entry.includes(' — '), `feedback and the defender's reply: ${entry}`);
  // The defender has moved: White to move again, the queen on c2.
  await page.waitForFunction(() => window.vidleBoard.state.turnColor === 'white', null, { timeout: TIMEOUT });
  assert.equal(await page.evaluate(() => window.vidleBoard.state.pieces.get('c2')?.role), 'queen');
  await page.click('#btn-hint');
  await page.waitForFunction(() => document.getElementById('hint').textContent.length > 0, null, { timeout: TIMEOUT });
  await page.click('#btn-undo');
  await page.waitForFunction(() => document.querySelectorAll('#log li').length === 0, null, { timeout: TIMEOUT });
  assert.equal(await page.evaluate(() => window.vidleBoard.state.pieces.get('c4')?.role), 'queen');
  await page.screenshot({ path: join(ARTIFACTS, 'practice.png') });
  assert.deepEqual(errors, []);
  await page.close();
});

test('learn from your mistakes: an analysed blunder is posed, answered, judged and counted', async () => {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // A game this browser played as Black, with one blunder (3...Nf6?? 4.Qxf7#), analysed.
  const pgn = '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0';
  const made = await page.request.post(`${BASE}api/game`, { data: { start: 'pgn', pgn, color: 'black', level: 'max' } });
  assert.equal(made.status(), 201);
  const id = (await made.json()).id;
  assert.equal((await page.request.post(`${BASE}api/game/${id}/analyse`, { data: {} })).status(), 200);
  await page.goto(`${BASE}mistakes?lang=en`);
  await page.evaluate((id) => localStorage.setItem('vidle.mygames', JSON.stringify([id])), id);
  await page.reload();
  await page.waitForFunction(() => document.getElementById('counter').textContent.length > 0, null, { timeout: TIMEOUT });
  assert.equal(await page.title(), 'Vidle — learn from your mistakes');
  assert.equal(await page.locator('#counter').innerText(), 'Exercise 1 of 1');
  assert.equal(await page.evaluate(() => window.vidleBoard.state.orientation), 'black');
  // A weak answer: judged worse, the better move drawn as an arrow, the attempt counted.
  await drag(page, 'a7', 'a6');
  await page.waitForFunction(() => document.getElementById('verdict').textContent.length > 0, null, { timeout: TIMEOUT });
  assert.match(await page.locator('#verdict').innerText(), /not good enough/);
  assert.equal(await page.evaluate(() => window.vidleBoard.state.drawable.autoShapes.length), 1);
  assert.equal(await page.locator('#summary').innerText(), 'Tried 1, solved 0.');
  await page.screenshot({ path: join(ARTIFACTS, 'mistakes.png') });
  await page.click('#btn-next');
  assert.equal(await page.locator('#counter').innerText(), '');
  assert.deepEqual(errors, []);
  await page.close();
});
