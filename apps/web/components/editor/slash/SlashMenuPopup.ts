import { ReactRenderer } from '@tiptap/react';
import type { SuggestionProps } from '@tiptap/suggestion';
import styles from './SlashMenu.module.css';
import { SlashMenuList, type SlashMenuListProps, slashOptionId } from './SlashMenuList';
import type { SlashItem } from './slashItem';

export type SlashSuggestionProps = SuggestionProps<SlashItem, SlashItem>;

let menusOpened = 0;

/**
 * One open slash menu: the React list at the caret, which item is active, and the editor's ARIA pointing at it.
 * Keys are handled here from the suggestion's latest items rather than from React state, so an Enter pressed
 * right after a keystroke chooses among the items of what was typed, even before React has drawn them.
 */
export class SlashMenuPopup {
  private props: SlashSuggestionProps;
  private activeIndex = 0;
  private readonly listId = `slash-menu-${++menusOpened}`;
  private readonly editorDom: HTMLElement;
  private readonly renderer: ReactRenderer<unknown, SlashMenuListProps>;
  private readonly unmount: () => void;

  constructor(props: SlashSuggestionProps) {
    this.props = props;
    this.editorDom = props.editor.view.dom;
    this.renderer = new ReactRenderer(SlashMenuList, {
      editor: props.editor,
      props: this.listProps(),
      className: styles.popup,
    });
    this.unmount = props.mount(this.renderer.element);
    this.pointEditorAtActive();
  }

  update(props: SlashSuggestionProps): void {
    if (!haveSameIds(props.items, this.props.items)) this.activeIndex = 0;
    this.props = props;
    this.render();
  }

  /** True when the key was the menu's, so the editor must not act on it too. */
  onKeyDown(event: KeyboardEvent): boolean {
    const { items } = this.props;
    if (items.length === 0 || event.isComposing || event.altKey || event.ctrlKey || event.metaKey) return false;
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined && !event.shiftKey) {
      this.activate((this.activeIndex + step + items.length) % items.length);
      return true;
    }
    const item = items[this.activeIndex];
    if (event.key !== 'Enter' || event.shiftKey || !item) return false;
    this.props.command(item);
    return true;
  }

  destroy(): void {
    this.unmount();
    this.renderer.destroy();
    this.editorDom.removeAttribute('aria-controls');
    this.editorDom.removeAttribute('aria-activedescendant');
  }

  private activate(index: number): void {
    // The mouse reports every move over the option it is already on.
    if (index === this.activeIndex) return;
    this.activeIndex = index;
    this.render();
  }

  private render(): void {
    this.renderer.updateProps(this.listProps());
    this.pointEditorAtActive();
  }

  private listProps(): SlashMenuListProps {
    return {
      id: this.listId,
      items: this.props.items,
      activeIndex: this.activeIndex,
      onHover: (index) => this.activate(index),
      onChoose: (item) => this.props.command(item),
    };
  }

  // The caret stays in the editor, so the editor is what tells assistive technology which option is active.
  private pointEditorAtActive(): void {
    const active = this.props.items[this.activeIndex];
    if (!active) {
      this.editorDom.removeAttribute('aria-controls');
      this.editorDom.removeAttribute('aria-activedescendant');
      return;
    }
    this.editorDom.setAttribute('aria-controls', this.listId);
    this.editorDom.setAttribute('aria-activedescendant', slashOptionId(this.listId, active));
  }
}

function haveSameIds(a: readonly SlashItem[], b: readonly SlashItem[]): boolean {
  return a.length === b.length && a.every((item, index) => item.id === b[index]?.id);
}
