import { Typography } from '@mantine/core';
import ReactMarkdown from 'react-markdown';

/** A lab's Markdown. react-markdown renders no raw HTML, so a description cannot inject any. */
export function Markdown({ children }: { children: string }) {
  return (
    <Typography>
      <ReactMarkdown
        components={{
          // Links in a description lead away from the app: a new tab, no referrer.
          a: ({ node: _node, ...props }) => (
            <a {...props} target="_blank" rel="noopener noreferrer nofollow" />
          ),
        }}
      >
        {children}
      </ReactMarkdown>
    </Typography>
  );
}
