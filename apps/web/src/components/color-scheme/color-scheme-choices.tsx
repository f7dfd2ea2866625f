import { Group, isMantineColorScheme, Menu, useMantineColorScheme } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { ColorSchemeButton, colorSchemeOptions } from './color-scheme-button';

/**
 * The colour mode menu, open from the start: three `menuitemradio`s, System, Light and Dark,
 * the current one checked.
 */
export function ColorSchemeChoices() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Menu
      defaultOpened
      position="bottom-end"
      width={170}
      shadow="md"
      checkIcon={<IconCheck size={16} aria-hidden />}
    >
      <Menu.Target>
        <ColorSchemeButton />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Colour mode</Menu.Label>
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
