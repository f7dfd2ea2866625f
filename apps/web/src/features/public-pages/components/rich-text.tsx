import { Anchor, Code, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { parseRichText } from '../content/rich-text';
import type { Block, RichText as RichTextValue } from '../content/types';

/** Words, `code` and links of one line of content. */
export function RichText({ text }: { text: RichTextValue }) {
  return parseRichText(text).map((part, index) => {
    const key = `${index}-${part.kind}`;
    if (part.kind === 'code') return <Code key={key}>{part.text}</Code>;
    if (part.kind === 'link') {
      return part.href.startsWith('/') ? (
        <Anchor key={key} component={Link} to={part.href} inherit underline="always">
          {part.text}
        </Anchor>
      ) : (
        <Anchor key={key} href={part.href} inherit underline="always">
          {part.text}
        </Anchor>
      );
    }
    return part.text;
  });
}

interface BlocksProps {
  blocks: Block[];
  size?: 'sm' | 'md';
}

/** Paragraphs and lists of a card or an answer. */
export function Blocks({ blocks, size = 'md' }: BlocksProps) {
  return blocks.map((block, index) => {
    const key = `block-${index}`;
    if (typeof block === 'string') {
      return (
        <Text key={key} size={size} lh={1.65}>
          <RichText text={block} />
        </Text>
      );
    }
    const steps = 'steps' in block;
    const items = steps ? block.steps : block.list;
    return (
      <List key={key} type={steps ? 'ordered' : 'unordered'} size={size} spacing={6} lh={1.6}>
        {items.map((item) => (
          <List.Item key={item}>
            <RichText text={item} />
          </List.Item>
        ))}
      </List>
    );
  });
}
