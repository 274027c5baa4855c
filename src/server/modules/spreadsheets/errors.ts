// Why a spreadsheet could not be read at all. Each caller maps the reason to its own error codes
// (upload_sales_from_excel, sales_edit, bulk events), keeping the reason as the subcode.
export type SpreadsheetFailure =
  | 'invalid_file_type'
  | 'too_large'
  | 'uncompressed_too_large'
  | 'too_many_entries'
  | 'too_many_sheets'
  | 'too_many_rows'
  | 'encrypted'
  | 'unreadable';

export class SpreadsheetError extends Error {
  constructor(
    readonly reason: SpreadsheetFailure,
    message: string,
  ) {
    super(message);
    this.name = 'SpreadsheetError';
  }
}
