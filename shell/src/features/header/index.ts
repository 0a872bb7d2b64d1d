export { Header } from './components/header';
export { ThemeSwitch } from './components/theme-switch';
export { BalanceArea, type BalanceAreaProps } from './components/balance-area';
