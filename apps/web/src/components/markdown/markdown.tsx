import { Anchor, Typography } from '@mantine/core';
import ReactMarkdown, { type Components } from 'react-markdown';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { isOwnImageUrl, type MarkdownOrigins, safeLinkUrl } from './markdown-urls';

const originsNow = (): MarkdownOrigins => ({
  origin: window.location.origin,
  apiBaseUrl: getRuntimeConfig().apiBaseUrl,
});

/** Links keep only safe schemes; images are judged by the `img` component below. */
const urlTransform = (url: string, key: string) =>
  key === 'src' ? url : (safeLinkUrl(url, originsNow()) ?? '');

/** A new tab, no referrer; underlined, as a link in running text must not be told by colour alone. */
const EXTERNAL = {
  target: '_blank',
  rel: 'noopener noreferrer nofollow',
  td: 'underline',
} as const;

const components: Components = {
  // Links in a description lead away from the app; one whose scheme was dropped is plain text.
  a: ({ href, title, children }) =>
    href ? (
      <Anchor href={href} title={title} {...EXTERNAL}>
        {children}
      </Anchor>
    ) : (
      <span>{children}</span>
    ),
  // An image from anywhere else is a link to it, followed only if the student chooses to.
  img: ({ node: _node, src, alt }) => {
    const url = typeof src === 'string' ? src : '';
    const label = alt ? `Image: ${alt}` : 'Image';
    if (isOwnImageUrl(url, originsNow())) {
      return <img src={url} alt={alt ?? ''} loading="lazy" referrerPolicy="no-referrer" />;
    }
    const link = safeLinkUrl(url, originsNow());
    return link ? (
      <Anchor href={link} {...EXTERNAL}>
        {label}
      </Anchor>
    ) : (
      <span>{label}</span>
    );
  },
};

/**
 * A teacher's Markdown (a lab's description, an announcement). react-markdown renders no raw
 * HTML, so the text cannot inject any; links keep web and mail schemes only, and only
 * HackClass's own images load.
 */
export function Markdown({ children }: { children: string }) {
  return (
    <Typography>
      <ReactMarkdown components={components} urlTransform={urlTransform}>
        {children}
      </ReactMarkdown>
    </Typography>
  );
}
