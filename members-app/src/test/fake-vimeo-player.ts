type FakeListener = (data: unknown) => void;

/** Stands in for @vimeo/player (vi.mock): records how it was made and lets a test play it. */
export class FakeVimeoPlayer {
  static instances: FakeVimeoPlayer[] = [];
  readonly listeners = new Map<string, Set<FakeListener>>();
  readonly seeks: number[] = [];
  destroyed = false;
  readonly element: HTMLElement;

  constructor(element: HTMLElement) {
    this.element = element;
    FakeVimeoPlayer.instances.push(this);
  }
  on(event: string, callback: FakeListener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(callback);
  }
  off(event: string, callback?: FakeListener) {
    if (callback) this.listeners.get(event)?.delete(callback);
    else this.listeners.delete(event);
  }
  emit(event: string, data: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(data);
  }
  ready() {
    return Promise.resolve();
  }
  getDuration() {
    return Promise.resolve(600);
  }
  getCurrentTime() {
    return Promise.resolve(0);
  }
  setCurrentTime(seconds: number) {
    this.seeks.push(seconds);
    return Promise.resolve(seconds);
  }
  destroy() {
    this.destroyed = true;
    this.listeners.clear();
    return Promise.resolve();
  }
}
