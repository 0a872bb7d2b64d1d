export { Footer } from './components/footer';
export { providersWithColourIcons } from './provider-icons';
