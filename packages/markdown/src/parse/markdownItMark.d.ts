// markdown-it-mark ships no types; it is a plain markdown-it plugin (`==text==` → mark_open/mark_close).
declare module 'markdown-it-mark' {
  import type { PluginSimple } from 'markdown-it';

  const markdownItMark: PluginSimple;
  export default markdownItMark;
}
