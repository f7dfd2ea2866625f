import { ActionIcon, type MantineColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun, type TablerIcon } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import classes from './color-scheme-button.module.css';

export const colorSchemeOptions: { value: MantineColorScheme; label: string; Icon: TablerIcon }[] =
  [
    { value: 'auto', label: 'System', Icon: IconDeviceDesktop },
    { value: 'light', label: 'Light', Icon: IconSun },
    { value: 'dark', label: 'Dark', Icon: IconMoon },
  ];

/**
 * The button named "Colour mode", showing the current mode's icon: the page's mark of the saved
 * choice picks it (see the stylesheet), so a page the build or the server rendered shows it too.
 */
export function ColorSchemeButton(props: ComponentPropsWithRef<'button'>) {
  const { colorScheme } = useMantineColorScheme();
  const current =
    colorSchemeOptions.find((option) => option.value === colorScheme) ?? colorSchemeOptions[0];
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label="Colour mode"
      title={`Colour mode: ${current?.label ?? 'System'}`}
      {...props}
    >
      {colorSchemeOptions.map(({ value, Icon }) => (
        <Icon
          key={value}
          className={classes.icon}
          data-choice={value}
          size={20}
          stroke={1.6}
          aria-hidden
        />
      ))}
    </ActionIcon>
  );
}
