import { isChangeOrigin } from '@tiptap/extension-collaboration';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import { TableMap } from '@tiptap/pm/tables';
import { Mapping } from '@tiptap/pm/transform';
import { alignmentOf } from './tableCommands';

/**
 * Where a table's cells disagree with their column's alignment (its first row's cell's, which core writes in
 * the delimiter row, MD9): the positions to change, relative to the table's content, and the alignment.
 */
export function misalignedCells(table: ProseMirrorNode): { pos: number; align: string | null }[] {
  const map = TableMap.get(table);
  const fixes = new Map<number, string | null>();
  for (let column = 0; column < map.width; column++) {
    const wanted = alignmentOf(table.nodeAt(map.map[column] as number));
    for (let row = 1; row < map.height; row++) {
      const pos = map.map[row * map.width + column] as number;
      // A merged cell follows its leftmost column, and a cell spanning down from the first row is that row's.
      if (map.colCount(pos) !== column || pos === map.map[column]) continue;
      if (alignmentOf(table.nodeAt(pos)) !== wanted) fixes.set(pos, wanted);
    }
  }
  return [...fixes].map(([pos, align]) => ({ pos, align }));
}

/**
 * The positions in `doc` of the tables that this person's own steps touched (holding or overlapping a changed
 * range), each range mapped through the steps after it, whoever made those.
 */
function touchedTables(transactions: readonly Transaction[], doc: ProseMirrorNode): number[] {
  const steps = transactions.flatMap((tr) => tr.mapping.maps.map((map) => ({ map, local: !isChangeOrigin(tr) })));
  const tables = new Set<number>();
  steps.forEach(({ map, local }, index) => {
    if (!local) return;
    const later = new Mapping(steps.slice(index + 1).map((step) => step.map));
    map.forEach((_oldStart, _oldEnd, newStart, newEnd) => {
      const from = later.map(newStart, -1);
      const to = Math.min(later.map(newEnd, 1), doc.content.size);
      doc.nodesBetween(from, to, (node, pos) => {
        if (node.type.spec.tableRole === 'table') tables.add(pos);
        return true;
      });
    });
  });
  return [...tables];
}

/**
 * Keeps every cell aligned as its column (TBL2): rows and columns added by the toolbar, by Tab in the last
 * cell or by a paste are made without the column's `align`, and a cell pasted from elsewhere may bring its
 * own. Only this person's own edits are looked at: the others' clients fix theirs, and a fix made for every
 * remote change would echo back as everyone's edit.
 */
export function columnAlignmentPlugin(): Plugin {
  return new Plugin({
    key: new PluginKey('columnAlignment'),
    appendTransaction: (transactions, _oldState, state) => {
      if (!transactions.some((tr) => tr.docChanged && !isChangeOrigin(tr))) return null;
      const tr = state.tr;
      for (const tablePos of touchedTables(transactions, state.doc)) {
        const table = state.doc.nodeAt(tablePos);
        if (!table) continue;
        for (const { pos, align } of misalignedCells(table)) tr.setNodeAttribute(tablePos + 1 + pos, 'align', align);
      }
      return tr.docChanged ? tr : null;
    },
  });
}
