export { TabItem as default } from './Tabs.js';
export type { TabItemProps as Props } from './Tabs.js';
