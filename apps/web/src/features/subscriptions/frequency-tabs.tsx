import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import type { TabFrequency } from '../../shared/checkout/plan-rules';

const tabText: Record<TabFrequency, string> = { monthly: 'Mensual', annual: 'Anual' };

/**
 * Monthly / annual tabs (WAI-ARIA tabs: arrow keys, Home and End move and select). The annual tab
 * shows the highest annual discount. With a single tab there is nothing to choose: only its panel.
 */
export function FrequencyTabs({
  tabs,
  selected,
  onSelect,
  annualDiscount,
  children,
}: {
  tabs: readonly TabFrequency[];
  selected: TabFrequency;
  onSelect(frequency: TabFrequency): void;
  annualDiscount: number | null;
  children: ReactNode;
}) {
  const id = useId();
  const refs = useRef<Partial<Record<TabFrequency, HTMLButtonElement | null>>>({});
  const tabId = (frequency: TabFrequency) => `${id}-tab-${frequency}`;
  const panelId = `${id}-panel`;

  if (tabs.length < 2) {
    return (
      <div id={panelId} className="plan-panel">
        {children}
      </div>
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.indexOf(selected);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    const frequency = tabs[next];
    if (!frequency) return;
    onSelect(frequency);
    refs.current[frequency]?.focus();
  }

  return (
    <>
      <div className="plan-tabs" role="tablist" aria-label="Frecuencia de pago" onKeyDown={onKeyDown}>
        {tabs.map((frequency) => {
          const active = frequency === selected;
          return (
            <button
              key={frequency}
              ref={(element) => {
                refs.current[frequency] = element;
              }}
              id={tabId(frequency)}
              type="button"
              role="tab"
              className="plan-tab"
              aria-selected={active}
              aria-controls={panelId}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(frequency)}
            >
              {tabText[frequency]}
              {frequency === 'annual' && annualDiscount !== null && (
                <span className="plan-tab-badge">hasta {annualDiscount}% OFF</span>
              )}
            </button>
          );
        })}
      </div>
      <div id={panelId} className="plan-panel" role="tabpanel" aria-labelledby={tabId(selected)}>
        {children}
      </div>
    </>
  );
}
