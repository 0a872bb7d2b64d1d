export { TabBar } from './components/tab-bar';
export { activeTab, gamesPath, tabTarget, TAB_IDS, type TabId, type TabTarget } from './tab-targets';
