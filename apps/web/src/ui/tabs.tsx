import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

export interface TabItem {
  id: string;
  label: ReactNode;
  /** this tab's panel (without it, the shared `panel` of Tabs) */
  panel?: ReactNode;
}

/** The classes of the parts; without `root` the list and panels are drawn without a wrapper. */
export interface TabsClassNames {
  root?: string;
  list: string;
  tab: string;
  panel: string;
}

const underline: TabsClassNames = { root: 'tabs', list: 'tabs-list', tab: 'tabs-tab', panel: 'tabs-panel' };

interface TabsProps {
  /** the accessible name of the tab list ("Frecuencia de pago") */
  label: string;
  tabs: TabItem[];
  /** controlled: the selected tab's id (with onChange); otherwise the first tab starts selected */
  value?: string;
  onChange?(id: string): void;
  /**
   * one panel for every tab, its content following the selected tab (a list of plans by
   * frequency); it is not a tab stop of its own (it holds the controls to reach)
   */
  panel?: ReactNode;
  /** another look than the underlined tabs (a feature's segmented control) */
  classNames?: TabsClassNames;
}

/**
 * Tabs after the WAI-ARIA pattern: one tab stop, arrows (and Home/End) move and select, the
 * selected tab's panel follows in the tab order.
 */
export function Tabs({ label, tabs, value, onChange, panel, classNames = underline }: TabsProps) {
  const baseId = useId();
  const [own, setOwn] = useState(tabs[0]?.id);
  const selected = value ?? own;
  const refs = useRef(new Map<string, HTMLButtonElement>());

  function select(id: string) {
    if (value === undefined) setOwn(id);
    onChange?.(id);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const tab = next === null ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    select(tab.id);
    refs.current.get(tab.id)?.focus();
  }

  const sharedPanelId = `${baseId}-panel`;
  const list = (
    <div className={classNames.list} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const isSelected = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) refs.current.set(tab.id, element);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            className={classNames.tab}
            aria-selected={isSelected}
            aria-controls={panel === undefined ? `${baseId}-panel-${tab.id}` : sharedPanelId}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => select(tab.id)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
  const panels =
    panel === undefined ? (
      tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          className={classNames.panel}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA tabs pattern puts the panel in the tab order
          tabIndex={0}
          hidden={tab.id !== selected}
        >
          {tab.panel}
        </div>
      ))
    ) : (
      <div
        id={sharedPanelId}
        className={classNames.panel}
        role="tabpanel"
        aria-labelledby={`${baseId}-tab-${selected}`}
      >
        {panel}
      </div>
    );
  if (classNames.root === undefined) {
    return (
      <>
        {list}
        {panels}
      </>
    );
  }
  return (
    <div className={classNames.root}>
      {list}
      {panels}
    </div>
  );
}
