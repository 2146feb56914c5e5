import { TAG_NAME_BOUNDS, type TagView } from '@atende/shared/tags';
import { Autocomplete, Chip, createFilterOptions, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { useTagsList } from '../tags/use-tags.ts';
import { useCreateContactTag } from './use-create-contact-tag.ts';

type TagOption = TagView & { inputValue?: string };
const filter = createFilterOptions<TagOption>();

// 01-core §5: a tag typed here needs 3 characters ('Tag muito curta!') and gets a random colour.
export const TagBox = ({ value, onChange }: { value: TagView[]; onChange: (tags: TagView[]) => void }) => {
  const { t } = useTranslation();
  const createTag = useCreateContactTag();
  const { data: tags = [] } = useTagsList();

  const pick = async (picked: (TagOption | string)[]) => {
    const next: TagView[] = [];
    for (const item of picked) {
      const name = typeof item === 'string' ? item.trim() : item.inputValue?.trim();
      if (name === undefined) {
        next.push(item as TagView);
        continue;
      }
      if (name.length < TAG_NAME_BOUNDS.min) {
        toast.error(t('contacts.tags.tooShort'));
        continue;
      }
      const existing = tags.find((tag) => tag.name.toLowerCase() === name.toLowerCase());
      if (existing) {
        next.push(existing);
        continue;
      }
      try {
        next.push(await createTag.mutateAsync(name));
      } catch (error) {
        toastError(error);
      }
    }
    onChange(next.filter((tag, index) => next.findIndex((other) => other.id === tag.id) === index));
  };

  return (
    <Autocomplete<TagOption, true, false, true>
      multiple
      freeSolo
      options={tags}
      value={value}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.inputValue ? t('contacts.tags.create', { name: option.inputValue }) : option.name)}
      isOptionEqualToValue={(a, b) => typeof b !== 'string' && a.id === b.id}
      filterOptions={(options, params) => {
        const filtered = filter(options, params);
        const typed = params.inputValue.trim();
        if (typed && !options.some((option) => option.name.toLowerCase() === typed.toLowerCase())) {
          filtered.push({ id: -1, name: typed, color: '', kanban: 0, inputValue: typed });
        }
        return filtered;
      }}
      onChange={(_, picked) => void pick(picked)}
      renderValue={(picked, getItemProps) =>
        picked.map((option, index) => {
          const { key, ...props } = getItemProps({ index });
          const tag = typeof option === 'string' ? { name: option, color: '' } : option;
          return <Chip key={key} size="small" label={tag.name} sx={{ bgcolor: tag.color || undefined, color: tag.color ? '#fff' : undefined }} {...props} />;
        })
      }
      renderInput={(params) => (
        <TextField {...params} label={t('contacts.fields.tags')} placeholder={t('contacts.tags.placeholder')} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'contact-tags' } }} />
      )}
    />
  );
};
