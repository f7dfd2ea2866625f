/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { oneLineName } from '@hackclass/contracts';
import { Fragment } from 'react';
import type { QueuedMail } from '../outbox/enqueue';
import type { MailBrand } from './brand';
import { mailColors } from './colors';
import { MailButton, MailLayout, MailText } from './layout';
import { markdownParagraphs } from './markdown-paragraphs';
import { renderMail } from './render-mail';

export interface AnnouncementMailData {
  to: string;
  classroomName: string;
  authorName: string;
  /** The announcement as its author wrote it, in Markdown: only links to PUBLIC_URL stay links. */
  body: string;
  /** The classroom's page, where the announcement is shown with its formatting. */
  classroomUrl: string;
}

const PREVIEW_LENGTH = 120;

/** A teacher's announcement, mailed to a member of the classroom. */
export function announcementMail(brand: MailBrand, data: AnnouncementMailData): QueuedMail {
  const classroomName = oneLineName(data.classroomName);
  const authorName = oneLineName(data.authorName);
  const paragraphs = markdownParagraphs(data.body, brand.publicUrl);
  const preview = paragraphs.flat().join(' ');
  return {
    kind: 'announcement',
    ...renderMail(
      data.to,
      `${classroomName}: an announcement from ${authorName}`,
      <MailLayout
        brand={brand}
        preview={
          preview.length > PREVIEW_LENGTH ? `${preview.slice(0, PREVIEW_LENGTH - 1)}…` : preview
        }
        reason={`You got this mail because you are a member of ${classroomName} on ${brand.productName}.`}
      >
        <MailText>
          {authorName} posted an announcement in <strong>{classroomName}</strong>:
        </MailText>
        <blockquote
          style={{
            margin: '0 0 12px',
            paddingLeft: 12,
            borderLeft: `3px solid ${mailColors.quoteRule}`,
          }}
        >
          {paragraphs.map((lines, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a paragraph is only its place in the text
            <MailText key={index}>
              {lines.map((line, lineIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a line is only its place in the text
                <Fragment key={lineIndex}>
                  {lineIndex > 0 && <br />}
                  {line}
                </Fragment>
              ))}
            </MailText>
          ))}
        </blockquote>
        <MailButton href={data.classroomUrl}>Open the classroom</MailButton>
      </MailLayout>,
    ),
  };
}
