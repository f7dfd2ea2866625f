import { ActionIcon, type MantineColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun, type TablerIcon } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

export const colorSchemeOptions: { value: MantineColorScheme; label: string; Icon: TablerIcon }[] =
  [
    { value: 'auto', label: 'System', Icon: IconDeviceDesktop },
    { value: 'light', label: 'Light', Icon: IconSun },
    { value: 'dark', label: 'Dark', Icon: IconMoon },
  ];

/** The button named "Colour mode", showing the current mode's icon. */
export function ColorSchemeButton(props: ComponentPropsWithRef<'button'>) {
  const { colorScheme } = useMantineColorScheme();
  const current =
    colorSchemeOptions.find((option) => option.value === colorScheme) ?? colorSchemeOptions[0];
  const CurrentIcon = current?.Icon ?? IconDeviceDesktop;
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label="Colour mode"
      title={`Colour mode: ${current?.label ?? 'System'}`}
      {...props}
    >
      <CurrentIcon size={20} stroke={1.6} aria-hidden />
    </ActionIcon>
  );
}
