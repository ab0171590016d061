import type { ReactNode } from 'react';
import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';

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
  container: { backgroundColor: colors.card, borderRadius: '12px', margin: '0 auto', maxWidth: '600px', padding: '32px' },
  brand: { color: colors.accent, fontSize: '20px', fontWeight: 700, margin: '0 0 24px' },
  heading: { color: colors.text, fontSize: '22px', fontWeight: 700, margin: '0 0 16px' },
  footer: { color: colors.muted, fontSize: '12px', lineHeight: '18px', margin: 0 },
};

/** The frame shared by every e-mail: brand line, title, content, footer with the site link. */
export function EmailLayout(props: { site: SiteInfo; preview: string; title: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head>
        <title>{props.title}</title>
      </Head>
      <Preview>{props.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{props.site.siteName}</Text>
          <Heading as="h1" style={styles.heading}>
            {props.title}
          </Heading>
          {props.children}
          <Hr style={{ borderColor: colors.border, margin: '32px 0 16px' }} />
          <Text style={styles.footer}>
            {props.site.siteName} · AI powered enhancement for 3D renders ·{' '}
            <Link href={props.site.baseUrl} style={{ color: colors.muted }}>
              {props.site.baseUrl.replace(/^https?:\/\//, '')}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export const paragraph = { color: colors.text, fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' };

/** A one-time code set apart in a monospaced box so it is easy to read and copy. */
export function CodeBox(props: { code: string }) {
  return (
    <Section style={{ backgroundColor: colors.background, borderRadius: '8px', margin: '8px 0 24px', padding: '16px', textAlign: 'center' }}>
      <Text
        style={{ color: colors.text, fontFamily: 'Menlo, Consolas, monospace', fontSize: '26px', fontWeight: 700, letterSpacing: '3px', margin: 0 }}
        data-code=""
      >
        {props.code}
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
