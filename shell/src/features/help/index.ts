// The header's help-centre modal. Its component is a chunk of its own, imported
// lazily by the page frame (layout/components/shell-layout.tsx): never re-export it from here.
export { groupHelpArticles, type HelpCategory } from './help-articles';
export type { HelpModalProps } from './components/help-modal';
