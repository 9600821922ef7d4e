import type { Locator } from '@playwright/test';
import { ensureAccount, setRole } from './accounts';
import { createNote, editor, emptyVault, expectSyncState, openNoteAnAssistantRewrites, openPerson } from './helpers';
import { expect, type Page, test } from './relayFixture';
import { readNotesOverMcp, readOnlyToken } from './relayNotes';

// Tables edited from their toolbar and pasted from a spreadsheet (TBL), callouts retitled, retyped and folded
// (CALL), and what a viewer may still do with them: all read back by an assistant as Markdown.

test.beforeEach(async ({ request }) => emptyVault(request));
// Other specs expect bob to be an editor.
test.afterEach(async ({ request }) => {
  await ensureAccount(request, 'bob');
  await setRole(request, 'bob', 'editor');
});

function tableWith(page: Page, header: string) {
  return editor(page).locator('table', { has: page.locator('th', { hasText: header }) });
}

function grip(table: Locator, kind: 'row' | 'column', number: number) {
  return table.getByRole('button', { name: `Select ${kind} ${number}`, exact: true });
}

function toolbarButton(page: Page, name: string) {
  return page.getByRole('toolbar', { name: 'Table' }).getByRole('button', { name, exact: true });
}

/** Pastes `text` (and `html`, when given) as the clipboard's text/plain (and text/html). */
async function paste(page: Page, text: string, html = ''): Promise<void> {
  await editor(page).evaluate(
    (element, [pastedText, pastedHtml]) => {
      const data = new DataTransfer();
      data.setData('text/plain', pastedText as string);
      if (pastedHtml) data.setData('text/html', pastedHtml);
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    [text, html],
  );
}

// What Google Sheets puts on the clipboard's text/html for a range: no header cells, styles for formatting.
const SHEETS_HTML =
  '<meta charset="utf-8"><google-sheets-html-origin><style type="text/css"><!--td {border: 1px solid #cccccc;}--></style>' +
  '<table xmlns="http://www.w3.org/1999/xhtml" cellspacing="0" cellpadding="0" dir="ltr" border="1"><colgroup>' +
  '<col width="100"/><col width="100"/></colgroup><tbody><tr style="height:21px;"><td>Team</td><td>Lead</td></tr>' +
  '<tr style="height:21px;"><td>Ops</td><td style="font-weight:bold;">Ana</td></tr></tbody></table>';

async function markdownOf(page: Page, request: Parameters<typeof readOnlyToken>[0], docId: string, token: string) {
  await expectSyncState(page, 'synced');
  return (await readNotesOverMcp(request, token, [docId])).get(docId);
}

test('[TBL1, TBL2, TBL3, TBL4, TBL5] the table toolbar adds, deletes, aligns and heads; a spreadsheet range pastes as a table', async ({
  browser,
  request,
}) => {
  const alice = await openPerson(browser);
  const { page } = alice;
  const docId = await createNote(page, 'Budget');
  await page.keyboard.type('Intro');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('| Item | Cost |');
  await page.keyboard.press('Enter');
  const table = tableWith(page, 'Item');
  await page.keyboard.type('Rent');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1200');
  // Shift-Tab goes back a cell.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('End');
  await page.keyboard.type(' flat');
  await expect(table.locator('td')).toHaveText(['Rent flat', '1200']);

  // A caret in a cell shows grips, not the toolbar: it would cover the lines above the table.
  await table.locator('td', { hasText: '1200' }).click();
  await expect(page.getByRole('toolbar', { name: 'Table' })).toBeHidden();
  await grip(table, 'column', 2).click();
  await expect(grip(table, 'column', 2)).toHaveAttribute('aria-pressed', 'true');
  // A column's toolbar has no row buttons, a row's no column buttons.
  await expect(toolbarButton(page, 'Add row below')).toHaveCount(0);
  await toolbarButton(page, 'Add column right').click();
  await grip(table, 'row', 2).click();
  await expect(toolbarButton(page, 'Add column right')).toHaveCount(0);
  await toolbarButton(page, 'Add row below').click();
  await expect(table.locator('tr')).toHaveCount(3);
  await table.locator('tr').nth(2).locator('td').first().click();
  await page.keyboard.type('Food');
  await page.keyboard.press('Tab');
  await page.keyboard.type('80');
  await page.keyboard.press('Tab');
  await page.keyboard.type('spare');
  await expect(table.locator('td')).toHaveText(['Rent flat', '1200', '', 'Food', '80', 'spare']);
  await grip(table, 'column', 3).click();
  await toolbarButton(page, 'Delete column').click();
  await grip(table, 'row', 3).click();
  await toolbarButton(page, 'Add row above').click();
  await expect(table.locator('tr')).toHaveCount(4);
  await grip(table, 'row', 3).click();
  await toolbarButton(page, 'Delete row').click();
  await expect(table.locator('td')).toHaveText(['Rent flat', '1200', 'Food', '80']);

  await grip(table, 'column', 2).click();
  await toolbarButton(page, 'Align column right').click();
  await expect(toolbarButton(page, 'Align column right')).toHaveAttribute('aria-pressed', 'true');
  await expect(table.locator('th').nth(1)).toHaveCSS('text-align', 'right');
  await expect(table.locator('td', { hasText: '1200' })).toHaveCSS('text-align', 'right');
  // From the keyboard: Alt+F10 into the toolbar, Escape back to the note, Escape again back to a caret.
  await page.keyboard.press('Alt+F10');
  await expect(toolbarButton(page, 'Add column left')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(editor(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('toolbar', { name: 'Table' })).toBeHidden();
  // A row added later takes its column's alignment (TBL2).
  await grip(table, 'row', 3).click();
  await toolbarButton(page, 'Add row below').click();
  await expect(table.locator('tr').nth(3).locator('td').nth(1)).toHaveCSS('text-align', 'right');
  await grip(table, 'row', 4).click();
  await toolbarButton(page, 'Delete row').click();

  const token = await readOnlyToken(request);
  const aligned = '| Item | Cost |\n| --- | --: |\n| Rent flat | 1200 |\n| Food | 80 |';
  // Core keeps the empty line as `&nbsp;` (MD1).
  await expect.poll(() => markdownOf(page, request, docId, token)).toBe(`Intro\n\n&nbsp;\n\n${aligned}\n`);
  // Without a header row, the Markdown table's header is empty (MD9).
  await grip(table, 'row', 1).click();
  await toolbarButton(page, 'Header row').click();
  await expect(toolbarButton(page, 'Header row')).toHaveAttribute('aria-pressed', 'false');
  await expect(editor(page).locator('th')).toHaveCount(0);
  await expect
    .poll(() => markdownOf(page, request, docId, token))
    .toBe('Intro\n\n&nbsp;\n\n|  |  |\n| --- | --: |\n| Item | Cost |\n| Rent flat | 1200 |\n| Food | 80 |\n');
  await toolbarButton(page, 'Header row').click();
  await expect(table.locator('th')).toHaveText(['Item', 'Cost']);

  // A spreadsheet's HTML table pasted after "Intro": its first row is made the header, its bold kept (TBL4).
  await editor(page).getByText('Intro').click();
  await page.keyboard.press('End');
  await paste(page, 'Team\tLead\r\nOps\tAna\r\n', SHEETS_HTML);
  await expect(tableWith(page, 'Team').locator('th')).toHaveText(['Team', 'Lead']);
  await expect(tableWith(page, 'Team').locator('td strong')).toHaveText('Ana');
  // A range copied as text, pasted into the empty line: a table, its first row the header.
  await editor(page).locator(':scope > p').nth(1).click();
  await paste(page, 'Month\tTotal\r\nJan\t"1,200\nestimated"\r\nFeb\t900\r\n');
  const pasted = tableWith(page, 'Month');
  await expect(pasted.locator('th')).toHaveText(['Month', 'Total']);
  await expect(pasted.locator('td')).toHaveText(['Jan', '1,200estimated', 'Feb', '900']);
  // Into a cell, a range fills the cells from there and adds the rows it needs.
  await pasted.locator('td', { hasText: 'Feb' }).click();
  await paste(page, 'Mar\t700\nApr\t650');
  await expect(pasted.locator('td')).toHaveText(['Jan', '1,200estimated', 'Mar', '700', 'Apr', '650']);
  await expect
    .poll(() => markdownOf(page, request, docId, token))
    .toBe(
      `Intro\n\n| Team | Lead |\n| --- | --- |\n| Ops | **Ana** |\n\n| Month | Total |\n| --- | --- |\n| Jan | 1,200<br>estimated |\n| Mar | 700 |\n| Apr | 650 |\n\n${aligned}\n`,
    );
  // 201 rows are more than a paste makes a table of (TBL5): they arrive as lines of text.
  await editor(page).getByText('Intro').click();
  await page.keyboard.press('End');
  await paste(page, Array.from({ length: 201 }, (_, row) => `r${row}\tvalue`).join('\n'));
  await expect(editor(page).locator('p', { hasText: 'r200' })).toHaveText('r200\tvalue');
  await expect(editor(page).locator('table')).toHaveCount(3);
  await alice.context.close();
});

test('[CALL1, CALL2, CALL3] a callout’s title is edited in place, its type chosen, and it folds on screen only', async ({
  browser,
  request,
}) => {
  const markdown = '> [!note] Old title\n> Check the backups.\n\n> [!tip]- Details\n> Hidden body.\n';
  const alice = await openNoteAnAssistantRewrites(browser, request, 'Runbook', markdown);
  const { page } = alice;
  const docId = new URL(page.url()).searchParams.get('note') ?? '';
  const [first, folded] = [editor(page).locator('.callout').nth(0), editor(page).locator('.callout').nth(1)];
  await expect(first.locator('.callout-title')).toHaveText('Old title');

  // Escape leaves the title as it was; Enter writes it and goes on into the body.
  await first.locator('.callout-title').click();
  const field = first.getByRole('textbox', { name: 'Callout title' });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('Old title');
  await field.fill('Scrapped');
  await field.press('Escape');
  await expect(first.locator('.callout-title')).toHaveText('Old title');
  await first.locator('.callout-title').click();
  await first.getByRole('textbox', { name: 'Callout title' }).fill('New title');
  await first.getByRole('textbox', { name: 'Callout title' }).press('Enter');
  await expect(first.locator('.callout-title')).toHaveText('New title');
  await expect(editor(page)).toBeFocused();
  await first.hover();
  await first.getByRole('combobox', { name: 'Callout type' }).selectOption('warning');
  await expect(first).toHaveAttribute('data-callout', 'warning');

  // `-` starts folded; the toggle opens and closes the body on this screen, and nothing is written.
  const toggle = folded.getByRole('button', { name: /callout “Details”/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(folded.locator('.callout-body')).toBeHidden();
  await toggle.click();
  await expect(folded.locator('.callout-body')).toBeVisible();
  await expect(folded.locator('.callout-body')).toHaveText('Hidden body.');
  await toggle.click();
  await expect(folded.locator('.callout-body')).toBeHidden();
  await expect(first.getByRole('button', { name: /callout/ })).toBeHidden();

  const token = await readOnlyToken(request);
  await expect
    .poll(() => markdownOf(page, request, docId, token))
    .toBe('> [!warning] New title\n> Check the backups.\n\n> [!tip]- Details\n> Hidden body.\n');
  await alice.context.close();
});

test('[CALL4, CALL3, TBL1] a viewer can fold a callout but can’t tick a task, retitle a callout or edit a table', async ({
  browser,
  request,
}) => {
  const markdown = '- [ ] ship it\n\n> [!tip]- Details\n> Hidden body.\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n';
  const alice = await openNoteAnAssistantRewrites(browser, request, 'Release', markdown);
  const docId = new URL(alice.page.url()).searchParams.get('note') ?? '';
  await ensureAccount(request, 'bob');
  await setRole(request, 'bob', 'viewer');
  const bob = await openPerson(browser, 'bob', `/?note=${docId}`);
  const task = editor(bob.page).locator('ul[data-type="taskList"] > li');
  await expect(task).toHaveAttribute('data-checked', 'false');

  await task.getByRole('checkbox').click();
  await expect(task.getByRole('checkbox')).not.toBeChecked();
  const callout = editor(bob.page).locator('.callout');
  await callout.getByRole('button', { name: /callout “Details”/ }).click();
  await expect(callout.locator('.callout-body')).toBeVisible();
  await callout.locator('.callout-title').click();
  await expect(callout.getByRole('textbox')).toHaveCount(0);
  await expect(callout.getByRole('combobox', { name: 'Callout type' })).toBeHidden();
  await editor(bob.page).locator('td', { hasText: '2' }).click();
  await expect(bob.page.getByTestId('table-toolbar')).toHaveCount(0);

  // An edit alice makes after bob's click reaches bob: had his tick been sent, it would have reached her first.
  await editor(alice.page).locator('td', { hasText: '1' }).click();
  await alice.page.keyboard.type('0');
  await expect(editor(bob.page).locator('td').first()).toHaveText('10');
  await expect(editor(alice.page).locator('ul[data-type="taskList"] > li')).toHaveAttribute('data-checked', 'false');
  await expect(task).toHaveAttribute('data-checked', 'false');
  await alice.context.close();
  await bob.context.close();
});
