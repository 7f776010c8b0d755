import { SegmentedControl } from '@blueprintjs/core';
import { useUiSettings } from '../shell/UiSettingsProvider';
import { TABLE_DENSITIES, type TableDensity } from '../shell/ui-settings';

const LABELS: Record<TableDensity, string> = { comfortable: 'Comfortable', compact: 'Compact' };

/** The list density, kept per user with the other interface settings (decisions.md "Dense tables"). */
export function DensityToggle() {
  const { settings, update } = useUiSettings();
  return (
    <SegmentedControl
      size="small"
      aria-label="Table density"
      options={TABLE_DENSITIES.map((value) => ({ value, label: LABELS[value] }))}
      value={settings.density}
      onValueChange={(value) => update({ density: value as TableDensity })}
    />
  );
}
