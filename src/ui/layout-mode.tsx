/*
 * Mobile layout (docs/product/navigation.md "Phone and desktop"): a width under 800 px or a mobile device. The result
 * lands on <html data-layout>, so CSS has one switch for both conditions. Resize callbacks are debounced by 20 ms
 * (same page).
 */
export const mobileBreakpoint = 800;
export const resizeDebounceMs = 20;

type NavigatorWithUaData = Navigator & { userAgentData?: { mobile?: boolean } };

export const isMobileDevice = (nav: Pick<NavigatorWithUaData, 'userAgent' | 'userAgentData'>): boolean =>
  nav.userAgentData?.mobile ?? /Mobi|Android|iPhone|iPad|iPod/i.test(nav.userAgent);

export const layoutFor = (width: number, mobileDevice: boolean): 'mobile' | 'desktop' =>
  width < mobileBreakpoint || mobileDevice ? 'mobile' : 'desktop';

export const watchLayout = (): (() => void) => {
  const mobileDevice = isMobileDevice(navigator);
  const apply = () => {
    document.documentElement.dataset.layout = layoutFor(window.innerWidth, mobileDevice);
  };
  apply();
  let timer: number | undefined;
  const onResize = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(apply, resizeDebounceMs);
  };
  window.addEventListener('resize', onResize);
  return () => window.removeEventListener('resize', onResize);
};
