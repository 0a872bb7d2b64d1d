export { RightBar, SCROLL_TOP_THRESHOLD_PX } from './components/right-bar';
