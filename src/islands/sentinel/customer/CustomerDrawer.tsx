// PLACEHOLDER with the agreed props (issue 15): the customer-detail branch replaces it with the
// drawer of spec 3 §2 "Customer detail". The Sentinel page opens it at
// /sentinel/?drawer-open=true&result-id={id} on wide screens.
export interface CustomerDrawerProps {
  customerId: string;
  onClose: () => void;
}

export function CustomerDrawer({ customerId, onClose }: CustomerDrawerProps) {
  return (
    <aside aria-label="Customer">
      <button type="button" onClick={onClose}>×</button>
      <p>{customerId}</p>
    </aside>
  );
}
