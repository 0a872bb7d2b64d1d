// The game screens are chunks of their own, fetched after the page that shows them has painted
// (the home page's first load stays within its budget): a screen waits for its strings, and a
// screen whose chunk fails to load shows nothing rather than taking the page down. Parts of a
// screen that are not on its first screen (dialogs opened by a click, the winners board below the
// fold) are chunks of their own too (lazyPart), fetched when they are needed.
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';

class Contain extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** A game screen: its chunk, then its strings; nothing until both are there, nor when the chunk fails. */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P>; translationsLoaded: Promise<void> }>) {
  return lazyPart<P>(async () => {
    const module = await load();
    await module.translationsLoaded;
    return { default: module.default };
  });
}

/**
 * A part of a screen in a chunk of its own, fetched when it is first rendered (its screen has
 * loaded the namespace's strings already); shows nothing until then, nor when the chunk fails.
 */
export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> | ((props: P) => ReactNode) }>) {
  const Part = lazy(async () => ({ default: (await load()).default as ComponentType<P> }));
  return function LazyPart(props: P) {
    return (
      <Contain>
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      </Contain>
    );
  };
}
