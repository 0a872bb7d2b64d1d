export { ShellLayout, type ShellLayoutProps, type ShellChrome } from './components/shell-layout';
export { useShellUi, type ShellUi } from './hooks/use-shell-ui';
export { shellUi, type ShellModal, type ShellUiState } from './hooks/shell-ui-store';
