import type { NodeViewRendererProps } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { Decoration, NodeView } from '@tiptap/pm/view';
import { holdsCaret } from '../codeBlockCaret';
import { rawBlockKindOf, rawKindLabelOf } from './rawKinds';

interface RawBlockElements {
  readonly dom: HTMLElement;
  readonly label: HTMLElement;
  readonly code: HTMLElement;
}

function createElements(): RawBlockElements {
  const dom = document.createElement('div');
  dom.className = 'raw-block';
  dom.setAttribute('role', 'group');
  const label = document.createElement('div');
  label.className = 'raw-block-label';
  label.contentEditable = 'false';
  // The group's name says it already; read twice it would only be noise.
  label.setAttribute('aria-hidden', 'true');
  const pre = document.createElement('pre');
  const code = document.createElement('code');
  pre.append(code);
  dom.append(label, pre);
  return { dom, label, code };
}

function showKind({ dom, label }: RawBlockElements, node: ProseMirrorNode): void {
  const kind = rawBlockKindOf(node.textContent);
  const name = rawKindLabelOf(kind);
  dom.dataset.rawKind = kind;
  dom.setAttribute('aria-label', `${name} source`);
  label.textContent = name;
}

/**
 * RAW1: a block kept as typed, on screen: its source as monospace text, edited in place, under a label of
 * what it is ("HTML", "Math", "Footnote"…), which follows the source as it is edited.
 */
export function rawBlockView({ node: initial, decorations }: NodeViewRendererProps): NodeView {
  let node = initial;
  const elements = createElements();
  const { dom, label, code } = elements;
  const showCaret = (around: readonly Decoration[]) => dom.classList.toggle('has-caret', holdsCaret(around));
  showKind(elements, node);
  showCaret(decorations);
  return {
    dom,
    contentDOM: code,
    update: (updated: ProseMirrorNode, around: readonly Decoration[]) => {
      if (updated.type !== node.type) return false;
      node = updated;
      showKind(elements, node);
      showCaret(around);
      return true;
    },
    ignoreMutation: (mutation) => {
      if (mutation.type === 'selection') return false;
      return label.contains(mutation.target) || (mutation.target === dom && mutation.type === 'attributes');
    },
  };
}
