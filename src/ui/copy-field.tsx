// A value to paste elsewhere (a public link, a webhook's callback URL or verify token) in a read-only
// field with a copy button. Without a clipboard (or refused), the button selects the value for the
// keyboard's copy. Shared by the inventory links and the channel's webhook steps.
import { useId, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { Button } from './button';
import { TextField } from './text-field';

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space(2)};
  align-items: end;
`;

export function CopyField({ label, name, value }: { label: string; name: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const id = `${useId()}-${name}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2500);
    } catch {
      const input = document.getElementById(id) as HTMLInputElement | null;
      input?.focus();
      input?.select();
    }
  };
  return (
    <Row>
      <TextField id={id} label={label} name={name} readOnly value={value} onFocus={(event) => event.target.select()} />
      <Button variant="secondary" onClick={() => void copy()} aria-describedby={id}>
        {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
      </Button>
    </Row>
  );
}
