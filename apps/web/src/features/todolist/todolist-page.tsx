import { DeleteOutlined, EditOutlined } from '@mui/icons-material';
import { Button, IconButton, List, ListItem, ListItemText, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTicketTime } from '../../lib/format.ts';
import { readTasks, writeTasks, type Task } from './tasks-store.ts';

// 03-saas §2 To-do list: add, edit (Salvar) and delete local tasks; blank text is ignored. No
// server call.
export const TodolistPage = () => {
  const { t } = useTranslation();
  const [tasks, setTasks] = useState(readTasks);
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<number | null>(null);

  const keep = (next: Task[]) => {
    setTasks(next);
    writeTasks(next);
  };

  const submit = () => {
    const value = text.trim();
    if (!value) return;
    const now = new Date().toISOString();
    if (editing === null) keep([...tasks, { text: value, createdAt: now, updatedAt: now }]);
    else keep(tasks.map((task, index) => (index === editing ? { ...task, text: value, updatedAt: now } : task)));
    setText('');
    setEditing(null);
  };

  const remove = (position: number) => {
    keep(tasks.filter((_, index) => index !== position));
    if (editing === position) {
      setEditing(null);
      setText('');
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {t('todolist.title')}
      </Typography>
      <Stack
        component="form"
        direction="row"
        spacing={1}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          fullWidth
          size="small"
          label={t('todolist.task')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'todo-input' } }}
        />
        <Button type="submit" variant="contained" data-testid="todo-submit">
          {editing === null ? t('common.add') : t('common.save')}
        </Button>
      </Stack>
      <Paper variant="outlined">
        {tasks.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }} data-testid="todo-empty">
            {t('todolist.empty')}
          </Typography>
        ) : (
          <List dense>
            {tasks.map((task, index) => (
              <ListItem
                key={`${task.createdAt}-${index}`}
                data-testid="todo-item"
                secondaryAction={
                  <>
                    <Tooltip title={t('common.edit')}>
                      <IconButton
                        size="small"
                        onClick={() => {
                          setEditing(index);
                          setText(task.text);
                        }}
                        aria-label={t('common.edit')}
                        data-testid="todo-edit"
                      >
                        <EditOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('common.delete')}>
                      <IconButton size="small" onClick={() => remove(index)} aria-label={t('common.delete')} data-testid="todo-delete">
                        <DeleteOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </>
                }
              >
                <ListItemText primary={task.text} secondary={formatTicketTime(task.updatedAt)} />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </Stack>
  );
};
