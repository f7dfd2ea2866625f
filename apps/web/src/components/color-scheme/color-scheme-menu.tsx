import {
  ActionIcon,
  Group,
  isMantineColorScheme,
  type MantineColorScheme,
  Menu,
  useMantineColorScheme,
} from '@mantine/core';
import {
  IconCheck,
  IconDeviceDesktop,
  IconMoon,
  IconSun,
  type TablerIcon,
} from '@tabler/icons-react';

const options: { value: MantineColorScheme; label: string; Icon: TablerIcon }[] = [
  { value: 'auto', label: 'System', Icon: IconDeviceDesktop },
  { value: 'light', label: 'Light', Icon: IconSun },
  { value: 'dark', label: 'Dark', Icon: IconMoon },
];

/**
 * The colour mode control: a button named "Colour mode" that opens a menu of three
 * `menuitemradio`s, System, Light and Dark, the current one checked.
 */
export function ColorSchemeMenu() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const current = options.find((option) => option.value === colorScheme) ?? options[0];
  const CurrentIcon = current?.Icon ?? IconDeviceDesktop;

  return (
    <Menu
      position="bottom-end"
      width={170}
      shadow="md"
      checkIcon={<IconCheck size={16} aria-hidden />}
    >
      <Menu.Target>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Colour mode"
          title={`Colour mode: ${current?.label ?? 'System'}`}
        >
          <CurrentIcon size={20} stroke={1.6} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Colour mode</Menu.Label>
        <Menu.RadioGroup
          value={colorScheme}
          onChange={(value) => isMantineColorScheme(value) && setColorScheme(value)}
        >
          {options.map(({ value, label, Icon }) => (
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
