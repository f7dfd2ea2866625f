/** Mantine Tabs styles: on a phone the tabs scroll sideways rather than wrap onto a second row. */
export const scrollingTabs = {
  list: { flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'none' },
  tab: { flexShrink: 0 },
} as const;
