import { Section, Text } from '@react-email/components';
import { colors } from './layout.js';

/** A two-column summary (plan, amount, dates) shared by the payment e-mails. */
export function DetailsTable(props: { rows: [string, string][] }) {
  return (
    <Section style={{ backgroundColor: colors.background, borderRadius: '8px', margin: '8px 0 24px', padding: '12px 16px' }}>
      {props.rows.map(([label, value]) => (
        <Text key={label} style={{ color: colors.text, fontSize: '14px', lineHeight: '22px', margin: '4px 0' }}>
          <span style={{ color: colors.muted }}>{label}: </span>
          <strong>{value}</strong>
        </Text>
      ))}
    </Section>
  );
}
