import type { LabFile } from '@hackclass/contracts';
import { Box, Checkbox, Input } from '@mantine/core';
import { FileRow, FileRows } from './file-rows';

interface ExistingFilesInputProps {
  files: LabFile[];
  /** Ids of the files to delete on save. */
  removed: string[];
  onChange(removed: string[]): void;
}

/** The files a lab has, each with a "Remove" box; nothing is deleted before the form is saved. */
export function ExistingFilesInput({ files, removed, onChange }: ExistingFilesInputProps) {
  return (
    <Input.Wrapper
      label="Current files"
      description="Tick the files to remove when you save"
      labelElement="div"
    >
      <Box mt={6}>
        <FileRows>
          {files.map((file) => {
            const removing = removed.includes(file.id);
            return (
              <FileRow
                key={file.id}
                name={file.fileName}
                size={file.size}
                struck={removing}
                action={
                  <Checkbox
                    label="Remove"
                    aria-label={`Remove ${file.fileName}`}
                    color="red"
                    checked={removing}
                    onChange={(event) =>
                      onChange(
                        event.currentTarget.checked
                          ? [...removed, file.id]
                          : removed.filter((id) => id !== file.id),
                      )
                    }
                  />
                }
              />
            );
          })}
        </FileRows>
      </Box>
    </Input.Wrapper>
  );
}
