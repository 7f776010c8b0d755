import {
  Classes,
  Drawer,
  FormGroup,
  Position,
  Radio,
  RadioGroup,
  SegmentedControl,
  Switch,
} from '@blueprintjs/core';
import { BG_POSITIONS, LAYOUTS, THEMES } from '@rpm/shared';
import { BG_POSITION_LABEL, LAYOUT_LABEL, SHELL_TEXT, themeLabel } from './shell-texts';
import { useUiSettings } from './UiSettingsProvider';
import type { BgPosition, Layout, Mode } from './ui-settings';

export interface AppearanceDrawerProps {
  readonly isOpen: boolean;
  readonly onClose: () => void;
}

/** Width of the panel (decisions.md "Appearance"). */
const WIDTH_PX = 300;

const isMode = (value: string): value is Mode => value === 'light' || value === 'dark';
const isLayout = (value: string): value is Layout => (LAYOUTS as readonly string[]).includes(value);
const isBgPosition = (value: string): value is BgPosition =>
  (BG_POSITIONS as readonly string[]).includes(value);

/**
 * The settings panel of the interface state (000 §3): mode, the 17 themes, the 5 layouts, the background position,
 * and the gradient and decoration flags. Every choice applies at once and is stored for the user.
 */
export function AppearanceDrawer({ isOpen, onClose }: AppearanceDrawerProps) {
  const { settings, update } = useUiSettings();
  return (
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      title={SHELL_TEXT.appearance}
      position={Position.RIGHT}
      size={WIDTH_PX}
      className="shell-appearance"
    >
      <div className={Classes.DRAWER_BODY}>
        {/* Blueprint's Drawer has no dialog role; the panel is a named region for assistive technology. */}
        <section className="shell-appearance-body" aria-label={SHELL_TEXT.appearance}>
          <FormGroup label={SHELL_TEXT.mode}>
            <SegmentedControl
              aria-label={SHELL_TEXT.mode}
              fill
              value={settings.type}
              onValueChange={(value) => {
                if (isMode(value)) update({ type: value });
              }}
              options={[
                { value: 'light', label: SHELL_TEXT.light },
                { value: 'dark', label: SHELL_TEXT.dark },
              ]}
            />
          </FormGroup>

          <FormGroup label={SHELL_TEXT.theme}>
            <fieldset className="shell-swatches" aria-label={SHELL_TEXT.theme}>
              {THEMES.map((theme) => (
                <button
                  key={theme}
                  type="button"
                  data-theme={theme}
                  className="shell-swatch"
                  aria-pressed={settings.theme === theme}
                  aria-label={themeLabel(theme)}
                  title={themeLabel(theme)}
                  onClick={() => update({ theme })}
                />
              ))}
            </fieldset>
          </FormGroup>

          <RadioGroup
            label={SHELL_TEXT.layout}
            selectedValue={settings.layout}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isLayout(value)) update({ layout: value });
            }}
          >
            {LAYOUTS.map((layout) => (
              <Radio key={layout} value={layout} label={LAYOUT_LABEL[layout]} />
            ))}
          </RadioGroup>

          <FormGroup label={SHELL_TEXT.background}>
            <SegmentedControl
              aria-label={SHELL_TEXT.background}
              fill
              value={settings.bgPosition}
              onValueChange={(value) => {
                if (isBgPosition(value)) update({ bgPosition: value });
              }}
              options={BG_POSITIONS.map((position) => ({
                value: position,
                label: BG_POSITION_LABEL[position],
              }))}
            />
          </FormGroup>

          <Switch
            label={SHELL_TEXT.gradient}
            checked={settings.gradient}
            onChange={(event) => update({ gradient: event.currentTarget.checked })}
          />
          <Switch
            label={SHELL_TEXT.decoration}
            checked={settings.decoration}
            onChange={(event) => update({ decoration: event.currentTarget.checked })}
          />
        </section>
      </div>
    </Drawer>
  );
}
