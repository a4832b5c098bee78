import { useState } from 'react';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge } from '@/src/ui/badge';
import { Button } from '@/src/ui/button';
import { Card } from '@/src/ui/card';
import { Dialog } from '@/src/ui/dialog';
import { Skeleton } from '@/src/ui/skeleton';
import { Stepper } from '@/src/ui/stepper';
import { Table, type TableColumn } from '@/src/ui/table';
import { Tabs } from '@/src/ui/tabs';
import { ExampleSection } from './example-section';
import { ExampleState } from './example-state';

type Product = { sku: string; name: string; stock: number; price: number };

// Static showcase data: product names are merchant content, not UI strings.
const products: Product[] = [
  { sku: 'SUN-001', name: 'Linen beach shirt', stock: 34, price: 129.9 },
  { sku: 'SUN-014', name: 'Straw hat', stock: 3, price: 59.5 },
  { sku: 'SUN-022', name: 'Canvas tote bag', stock: 0, price: 79 },
];

const Meta = styled.p`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

function StockBadge({ stock }: { stock: number }) {
  if (stock === 0)
    return (
      <Badge variant="negative">
        <Trans>Out of stock</Trans>
      </Badge>
    );
  if (stock < 5)
    return (
      <Badge variant="warning">
        <Trans>Low stock</Trans>
      </Badge>
    );
  return (
    <Badge variant="positive">
      <Trans>In stock</Trans>
    </Badge>
  );
}

/** Showcase of layout and navigation components. */
export function StructureExamples() {
  const { t, i18n } = useLingui();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleted, setDeleted] = useState(false);

  const steps = [
    { label: t`Upload knowledge`, description: t`Catalog, prices and FAQs` },
    { label: t`Configure the agent`, description: t`Tone and creativity` },
    { label: t`Connect WhatsApp` },
    { label: t`Review and publish` },
  ];

  const columns: TableColumn<Product>[] = [
    { key: 'name', header: <Trans>Product</Trans>, isRowHeader: true },
    { key: 'sku', header: <Trans>SKU</Trans> },
    { key: 'stock', header: <Trans>Stock</Trans>, align: 'end', render: (row) => i18n.number(row.stock) },
    {
      key: 'price',
      header: <Trans>Price</Trans>,
      align: 'end',
      render: (row) => i18n.number(row.price, { style: 'currency', currency: 'BRL' }),
    },
    { key: 'status', header: <Trans>Status</Trans>, render: (row) => <StockBadge stock={row.stock} /> },
  ];

  return (
    <>
      <ExampleSection title={<Trans>Card</Trans>}>
        <ExampleState caption={<Trans>With actions</Trans>}>
          <Card
            headingLevel={3}
            title={<Trans>Summer catalog</Trans>}
            description={<Trans>AI base for the summer collection, 3 files, 248 products.</Trans>}
            footer={
              <>
                <Button size="sm">
                  <Trans>Open</Trans>
                </Button>
                <Button size="sm" variant="ghost">
                  <Trans>Duplicate</Trans>
                </Button>
              </>
            }
          >
            <Meta>
              <Badge variant="positive">
                <Trans>Published</Trans>
              </Badge>
              <Badge variant="primary">
                <Trans>Main warehouse</Trans>
              </Badge>
            </Meta>
          </Card>
        </ExampleState>
        <ExampleState caption={<Trans>Loading</Trans>}>
          <Card>
            <Skeleton block lines={2} label={t`Loading AI base…`} />
          </Card>
        </ExampleState>
      </ExampleSection>

      <ExampleSection title={<Trans>Stepper</Trans>}>
        <ExampleState caption={<Trans>Second step current</Trans>} wide>
          <Stepper label={t`Create an AI base`} steps={steps} current={1} />
        </ExampleState>
        <ExampleState caption={<Trans>Last step current</Trans>} wide>
          <Stepper label={t`Create an AI base (almost done)`} steps={steps} current={3} />
        </ExampleState>
      </ExampleSection>

      <ExampleSection title={<Trans>Tabs</Trans>}>
        <ExampleState caption={<Trans>Arrow keys move between tabs; the last one is disabled</Trans>} wide>
          <Tabs
            label={t`Inventory views`}
            tabs={[
              { id: 'all', label: <Trans>All products</Trans>, content: <Trans>248 products across 2 inventories.</Trans> },
              { id: 'low', label: <Trans>Low stock</Trans>, content: <Trans>7 products have fewer than 5 units.</Trans> },
              { id: 'drafts', label: <Trans>Drafts</Trans>, content: <Trans>2 products are not visible to customers yet.</Trans> },
              { id: 'archived', label: <Trans>Archived</Trans>, content: null, disabled: true },
            ]}
          />
        </ExampleState>
      </ExampleSection>

      <ExampleSection title={<Trans>Dialog</Trans>}>
        <ExampleState caption={<Trans>Opens a modal; Escape or Cancel closes it and focus returns here</Trans>} inline>
          <Button variant="danger" onClick={() => setDialogOpen(true)}>
            <Trans>Delete AI base</Trans>
          </Button>
          {deleted && (
            <span role="status">
              <Trans>“Summer catalog” was deleted (example only).</Trans>
            </span>
          )}
        </ExampleState>
        <Dialog
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          title={<Trans>Delete “Summer catalog”?</Trans>}
          description={<Trans>The agent stops answering from this AI base. Your uploaded files are deleted too.</Trans>}
          footer={
            <>
              <Button variant="secondary" onClick={() => setDialogOpen(false)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button
                variant="danger"
                onClick={() => {
                  setDeleted(true);
                  setDialogOpen(false);
                }}
              >
                <Trans>Delete AI base</Trans>
              </Button>
            </>
          }
        />
      </ExampleSection>

      <ExampleSection title={<Trans>Table</Trans>}>
        <ExampleState caption={<Trans>With rows</Trans>} wide>
          <Table caption={<Trans>Main warehouse inventory</Trans>} columns={columns} rows={products} rowKey={(row) => row.sku} />
        </ExampleState>
        <ExampleState caption={<Trans>Empty</Trans>} wide>
          <Table
            caption={<Trans>Downtown store inventory</Trans>}
            columns={columns}
            rows={[]}
            rowKey={(row) => row.sku}
            emptyMessage={<Trans>No products in this inventory yet.</Trans>}
          />
        </ExampleState>
      </ExampleSection>
    </>
  );
}
