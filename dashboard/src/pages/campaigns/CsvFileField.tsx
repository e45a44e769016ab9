import { FieldFrame } from '../../ui/Field';
import { previewCsv, type CsvPreview } from './csv-preview';
import { TableScroll } from '../../ui/TableScroll';
import { SampleCsvLink } from './SampleCsvLink';

/** Bytes read for the preview: enough for a header and a few rows of any sane contact list. */
const PREVIEW_BYTES = 64 * 1024;
const PREVIEW_ROWS = 5;

/** Reads the start of a chosen file into a preview (header, first rows, phone column). */
export async function readPreview(file: File): Promise<CsvPreview> {
  const text = await file.slice(0, PREVIEW_BYTES).text();
  return previewCsv(text, PREVIEW_ROWS, file.size <= PREVIEW_BYTES);
}

interface CsvFileFieldProps {
  preview: CsvPreview | null;
  error: string | undefined;
  onChoose: (file: File | null) => void;
}

/** The contacts file input, with a preview of its first rows and the phone column the import will dial. */
export function CsvFileField({ preview, error, onChoose }: CsvFileFieldProps) {
  const hint =
    'A CSV with a phone_number column (any case; “Phone Number” works too). Other columns become context.';
  return (
    <div className="csv-field">
      <FieldFrame label="Contacts CSV" error={error} hint={hint}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
          />
        )}
      </FieldFrame>
      <SampleCsvLink />
      {preview && <CsvPreviewTable preview={preview} />}
    </div>
  );
}

function CsvPreviewTable({ preview }: { preview: CsvPreview }) {
  const { header, rows, phoneColumn } = preview;
  return (
    <section className="csv-preview" aria-label="File preview">
      {phoneColumn >= 0 ? (
        <p className="csv-phone-column" role="status">
          Phone column: <strong>{header[phoneColumn]}</strong> (column {phoneColumn + 1})
        </p>
      ) : (
        <p className="field-error" role="status">
          No phone number column found: the import needs a column named phone_number.
        </p>
      )}
      <div className="csv-preview-scroll">
        <TableScroll>
          <table>
            <caption>First {rows.length} rows</caption>
            <thead>
              <tr>
                {header.map((name, index) => (
                  <th key={index} scope="col" className={index === phoneColumn ? 'phone-column' : undefined}>
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {header.map((_, index) => (
                    <td key={index} className={index === phoneColumn ? 'phone-column' : undefined}>
                      {row[index] ?? ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </div>
    </section>
  );
}
