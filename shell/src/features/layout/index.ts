export { ShellLayout, type ShellLayoutProps, type ShellChrome } from './components/shell-layout';
export { useShellUi, type ShellUi } from './hooks/use-shell-ui';
export { useNarrowScreen } from './hooks/use-narrow-screen';
export { shellUi, type ShellModal, type ShellUiState } from './hooks/shell-ui-store';
