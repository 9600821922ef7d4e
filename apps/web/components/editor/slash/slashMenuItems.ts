import { imageSlashItem } from '../links/imageSlashItem';
import { linkToNoteSlashItem } from '../links/linkSlashItem';
import { blockSlashItems } from './blockSlashItems';
import type { SlashItem } from './slashItem';

/**
 * Everything the slash menu offers, in the order it shows them. The extension point for features that insert
 * something of their own ("Link to note", "Image"): such a feature appends its `SlashItem` here, and its item
 * reaches the feature's own commands through the editor it is given (`editor.commands.…`). An item appears
 * only where `isAvailable` says it can act, so an item is never dead: it belongs here once it does something.
 */
export const slashMenuItems: readonly SlashItem[] = [...blockSlashItems, linkToNoteSlashItem, imageSlashItem];
