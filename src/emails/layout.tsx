import { Fragment, type ReactNode } from 'react';
import { Body, Container, Head, Heading, Hr, Html, Img, Link, Preview, Section, Text } from '@react-email/components';
import { messages } from '@shared/messages.js';

/** What every template needs from the site: its name and public address (from the server's config). */
export interface SiteInfo {
  siteName: string;
  baseUrl: string;
}

export const colors = {
  background: '#f4f4f5',
  card: '#ffffff',
  text: '#18181b',
  // at least 4.5:1 on the card and on the grey boxes (WCAG AA)
  muted: '#52525b',
  accent: '#7c3aed',
  border: '#e4e4e7',
};

const styles = {
  body: { backgroundColor: colors.background, fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' },
  // 24 px at the sides: a 375 px phone keeps 327 px for the content
  container: { backgroundColor: colors.card, borderRadius: '12px', margin: '0 auto', maxWidth: '600px', padding: '32px 24px' },
  brand: { color: colors.text, fontSize: '18px', fontWeight: 700, lineHeight: '32px', margin: '0 0 24px' },
  logo: { border: 0, borderRadius: '7px', display: 'inline-block', marginRight: '10px', verticalAlign: 'middle' },
  heading: { color: colors.text, fontSize: '22px', fontWeight: 700, margin: '0 0 16px' },
  footer: { color: colors.muted, fontSize: '12px', lineHeight: '18px', margin: 0 },
};

/** The logo, a PNG of the web app's public folder: mail clients show no inline SVG, and most block data: images. */
export const logoUrl = (baseUrl: string) => `${baseUrl.replace(/\/+$/, '')}/email-logo.png`;

/**
 * The frame shared by every e-mail: logo and site name, title, content, footer with the site link and, for the
 * e-mails a user may turn off, the unsubscribe link.
 */
export function EmailLayout(props: { site: SiteInfo; preview: string; title: string; children: ReactNode; unsubscribeUrl?: string }) {
  return (
    <Html lang="en">
      <Head>
        <title>{props.title}</title>
      </Head>
      <Preview>{props.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>
            <Img src={logoUrl(props.site.baseUrl)} width="32" height="32" alt="" style={styles.logo} />
            {props.site.siteName}
          </Text>
          <Heading as="h1" style={styles.heading}>
            {props.title}
          </Heading>
          {props.children}
          <Hr style={{ borderColor: colors.border, margin: '32px 0 16px' }} />
          <Text style={styles.footer}>
            {props.site.siteName} ·{' '}
            <Link href={props.site.baseUrl} style={{ color: colors.muted }}>
              {props.site.baseUrl.replace(/^https?:\/\//, '')}
            </Link>
            {props.unsubscribeUrl ? (
              <>
                {' · '}
                <Link href={props.unsubscribeUrl} style={{ color: colors.muted }} data-unsubscribe="">
                  {messages.unsubscribeLink}
                </Link>
              </>
            ) : null}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A URL written out in full: it breaks anywhere rather than running past the card on a phone. */
export const longLink = { color: colors.accent, overflowWrap: 'anywhere', wordBreak: 'break-all' } as const;

export const paragraph = { color: colors.text, fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' };

/** A user's text with its line breaks, in the HTML part and (as <br>, which the plain-text part keeps) in the text part. */
export function Lines(props: { text: string }) {
  return props.text.split(/\r?\n/).map((line, i) => (
    <Fragment key={i}>
      {i > 0 && <br />}
      {line}
    </Fragment>
  ));
}

/**
 * A one-time code set apart in a monospaced box so it is easy to read and copy. Each group of a grouped code
 * ('K7QM-4XPA-…') stays whole: a narrow screen breaks the line between groups, never inside one.
 */
export function CodeBox(props: { code: string }) {
  const groups = props.code.split('-');
  return (
    <Section style={{ backgroundColor: colors.background, borderRadius: '8px', margin: '8px 0 24px', padding: '16px 8px', textAlign: 'center' }}>
      <Text
        style={{ color: colors.text, fontFamily: 'Menlo, Consolas, monospace', fontSize: '22px', fontWeight: 700, letterSpacing: '2px', margin: 0 }}
        data-code=""
      >
        {groups.map((g, i) => (
          <span key={i} style={{ whiteSpace: 'nowrap' }}>
            {g}
            {i < groups.length - 1 ? '-' : ''}
          </span>
        ))}
      </Text>
    </Section>
  );
}

export function ActionButton(props: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Link
        href={props.href}
        style={{
          backgroundColor: colors.accent,
          borderRadius: '8px',
          color: '#ffffff',
          display: 'inline-block',
          fontSize: '15px',
          fontWeight: 600,
          padding: '12px 24px',
          textDecoration: 'none',
        }}
      >
        {props.children}
      </Link>
    </Section>
  );
}
