import { Group, isMantineColorScheme, Menu, useMantineColorScheme } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ColorSchemeButton, colorSchemeOptions } from './color-scheme-button';
import { useForcedColorModeOfPage } from './use-forced-color-mode';

const FORCED_NOTES = {
  light: 'This page is always light',
  dark: 'This page is always dark',
  system: 'This page follows your device',
} as const;

/**
 * The colour mode menu, which opens as it appears: three `menuitemradio`s, System, Light and
 * Dark, the current one checked. It replaces a button of the same look; when that one had the
 * focus, its own button takes it before the menu opens, so closing the menu gives it back.
 */
export function ColorSchemeChoices({ focus }: { focus: boolean }) {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const forced = useForcedColorModeOfPage();
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (focus) target.current?.focus();
    setOpened(true);
  }, [focus]);
  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={170}
      shadow="md"
      checkIcon={<IconCheck size={16} aria-hidden />}
    >
      <Menu.Target>
        <ColorSchemeButton ref={target} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Colour mode</Menu.Label>
        {forced && <Menu.Label>{FORCED_NOTES[forced]}</Menu.Label>}
        <Menu.RadioGroup
          value={colorScheme}
          onChange={(value) => isMantineColorScheme(value) && setColorScheme(value)}
        >
          {colorSchemeOptions.map(({ value, label, Icon }) => (
            <Menu.RadioItem key={value} value={value} closeMenuOnClick>
              <Group gap="xs" wrap="nowrap">
                <Icon size={16} stroke={1.6} aria-hidden />
                {label}
              </Group>
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
