export { SideBar } from './components/side-bar';
export { navEntries, categoryEntries, type NavEntry } from './side-bar-entries';
