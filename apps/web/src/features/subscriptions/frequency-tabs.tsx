import type { ReactNode } from 'react';
import type { TabFrequency } from '../../shared/checkout/plan-rules';
import { Tabs } from '../../ui/tabs';

const tabText: Record<TabFrequency, string> = { monthly: 'Mensual', annual: 'Anual' };
const planTabs = { list: 'plan-tabs', tab: 'plan-tab', panel: 'plan-panel' };

/**
 * Monthly / annual tabs (the design system's Tabs, in the plans' segmented look, with one panel
 * whose plans follow the selected frequency). The annual tab shows the highest annual discount.
 * With a single tab there is nothing to choose: only its panel.
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
  if (tabs.length < 2) return <div className="plan-panel">{children}</div>;
  return (
    <Tabs
      label="Frecuencia de pago"
      classNames={planTabs}
      value={selected}
      onChange={(id) => onSelect(id as TabFrequency)}
      panel={children}
      tabs={tabs.map((frequency) => ({
        id: frequency,
        label: (
          <>
            {tabText[frequency]}
            {frequency === 'annual' && annualDiscount !== null && (
              <span className="plan-tab-badge">hasta {annualDiscount}% OFF</span>
            )}
          </>
        ),
      }))}
    />
  );
}
