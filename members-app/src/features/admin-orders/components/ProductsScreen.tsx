import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { createProductMappingSchema, type ProductMapping } from '@sleep-ritual/contracts/product-mappings';
import { Button } from '../../../components/Button.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateProductMapping } from '../api/create-product-mapping.ts';
import { useDeleteProductMapping } from '../api/delete-product-mapping.ts';
import { useAdminPrograms } from '../../../lib/admin/get-programs.ts';
import { useProductMappings } from '../api/get-product-mappings.ts';
import { LOAD_ERRORS } from '../../../lib/admin/messages.ts';
import { adminUrls } from '../../../lib/admin/urls.ts';
import { useAdminToasts } from '../../../lib/admin/use-admin-toasts.ts';
import { useForm } from '../../../lib/admin/use-form.ts';
import { SelectInput, TextInput } from '../../../components/admin/Fields.tsx';
import { ConfirmDialog } from '../../../components/admin/Modal.tsx';
import { MappingBanner } from './OrdersAttention.tsx';
import { LoadFailed } from '../../../components/admin/ScreenStates.tsx';
import { ScreenHeader } from '../../../components/admin/ScreenHeader.tsx';

/** /admin/products: which programme each checkout item gives access to (product_program_map). */
export function ProductsScreen() {
  const mappings = useProductMappings();
  const remove = useDeleteProductMapping();
  const toasts = useAdminToasts();
  const [removing, setRemoving] = useState<ProductMapping | null>(null);

  function confirmRemove(mapping: ProductMapping) {
    remove.mutate(mapping.id, {
      onSuccess: () => {
        toasts.success('Product mapping removed successfully', 'remove-mapping');
      },
      onError: (error) => toasts.failure('Failed to remove product mapping', error, 'remove-mapping'),
      onSettled: () => setRemoving(null),
    });
  }

  return (
    <>
      <ScreenHeader
        title="Products"
        intro="Which program a purchase of each checkout item gives access to. Purchases of an item that is not listed here give no access."
      />
      <MappingBanner />
      <AddMappingForm />
      <h2>Mapped checkout items</h2>
      {mappings.isPending ? (
        <Spinner label="Loading product mappings..." />
      ) : mappings.isError ? (
        <LoadFailed
          title={LOAD_ERRORS.productMappings}
          error={mappings.error}
          onRetry={() => mappings.refetch()}
        />
      ) : mappings.data.length === 0 ? (
        <p className="muted">No checkout items are mapped yet.</p>
      ) : (
        <ul className="admin-list" aria-label="Product mappings">
          {mappings.data.map((mapping) => (
            <li key={mapping.id} className="admin-row">
              <div className="admin-row-body">
                <p className="admin-mapping">
                  <code>{mapping.externalProductId}</code>
                  <span aria-hidden="true"> → </span>
                  <span className="visually-hidden"> gives access to </span>
                  <span>{mapping.programTitle}</span>
                </p>
                {mapping.programDeleted && (
                  <p className="admin-error-text">
                    This program was deleted: new orders of this item give no access and wait for a new
                    mapping. Restore the program from <Link to={adminUrls.deleted()}>Deleted</Link>, or remove
                    this mapping and map the item to another program.
                  </p>
                )}
              </div>
              <div className="admin-row-side">
                <Button
                  variant="danger"
                  onClick={() => setRemoving(mapping)}
                  aria-label={`Remove ${mapping.externalProductId}`}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {removing && (
        <ConfirmDialog
          title="Remove Product Mapping"
          message={`Remove ${removing.externalProductId} → ${removing.programTitle}? New purchases of this item will no longer give access to the program; access already granted stays.`}
          confirmLabel="Remove"
          pending={remove.isPending}
          onConfirm={() => confirmRemove(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
    </>
  );
}

function AddMappingForm() {
  const programs = useAdminPrograms();
  const create = useCreateProductMapping();
  const toasts = useAdminToasts();
  const form = useForm({ externalProductId: '', programId: '' });

  function submit(event: FormEvent) {
    event.preventDefault();
    const { externalProductId, programId } = form.values;
    const body = form.check(createProductMappingSchema, {
      externalProductId,
      programId: programId ? Number(programId) : undefined,
    });
    if (!body) return;
    create.mutate(body, {
      onSuccess: (created) => {
        toasts.success('Product mapping added successfully', 'add-mapping');
        form.set('externalProductId', '');
        form.set('programId', String(created.programId));
      },
      onError: (error) => {
        form.showServerErrors(error);
        // A duplicate is the item's problem: say so beside the field.
        if (error instanceof ApiError && error.status === 409 && error.serverMessage) {
          form.setError('externalProductId', error.serverMessage);
        }
        toasts.failure('Failed to add product mapping', error, 'add-mapping');
      },
    });
  }

  const options = [
    { value: '', label: 'Choose a program' },
    ...(programs.data ?? []).map((program) => ({ value: String(program.id), label: program.title })),
  ];
  return (
    <form
      className="admin-form admin-mapping-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="add-mapping-title"
    >
      <h2 id="add-mapping-title">Add a mapping</h2>
      <TextInput
        form={form}
        name="externalProductId"
        label="Checkout item"
        placeholder="product-12"
        hint="As ThriveCart names it: product-12, upsell-2, bump-12 or downsell-5. A bare number means product-N."
        required
      />
      <SelectInput form={form} name="programId" label="Program" options={options} />
      <Button type="submit" busy={create.isPending}>
        {create.isPending ? 'Saving...' : 'Add Mapping'}
      </Button>
    </form>
  );
}
